import 'server-only';
import { isLeadFormName, LEAD_FORM_NAMES, type LeadFormName } from '@/lib/leads/forms';

export const INBOX_PAGE_SIZE = 25;

/** The list a query asks for (/admin?form=broker); anything else shows the first form's. */
export function parseFormName(value: unknown): LeadFormName {
  return isLeadFormName(value) ? value : LEAD_FORM_NAMES[0]!;
}

/** A page number from a query: a plain positive whole number, else the first page. The caller clamps it to the last. */
export function parsePage(value: unknown): number {
  return typeof value === 'string' && /^[1-9]\d{0,5}$/.test(value) ? Number(value) : 1;
}
