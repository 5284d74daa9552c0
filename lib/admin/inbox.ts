import 'server-only';
import type { LeadFormName } from '@/lib/store/types';

/** The inbox's two lists, as they appear in its addresses (/admin?view=brokers, /admin/export/brokers). */
export const INBOX_VIEWS = { inquiries: 'inquiry', brokers: 'broker' } as const satisfies Record<string, LeadFormName>;
export type InboxView = keyof typeof INBOX_VIEWS;

export const INBOX_PAGE_SIZE = 25;

export function parseView(value: unknown): InboxView {
  return value === 'brokers' ? 'brokers' : 'inquiries';
}

export function parsePage(value: unknown): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}
