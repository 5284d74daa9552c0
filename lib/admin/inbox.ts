import 'server-only';
import { parseOwner } from './owners';
import { isLeadFormName, LEAD_FORM_NAMES, LEAD_FORMS, type LeadFormName } from '@/lib/leads/forms';
import type { Query } from '@/lib/query-params';
import { cutText, isStorableText } from '@/lib/storable-text';

export const INBOX_PAGE_SIZE = 25;

/** The list a query asks for (/admin?form=broker); anything else shows the first form's. */
export function parseFormName(value: unknown): LeadFormName {
  return isLeadFormName(value) ? value : LEAD_FORM_NAMES[0]!;
}

/** A page number from a query: a plain positive whole number, else the first page. The caller clamps it to the last. */
export function parsePage(value: unknown): number {
  return typeof value === 'string' && /^[1-9]\d{0,5}$/.test(value) ? Number(value) : 1;
}

/** One value of the query, trimmed; none for a list, or for text the store cannot hold (lib/storable-text.ts). */
const single = (value: string | string[] | undefined) => (typeof value === 'string' && isStorableText(value) ? value.trim() : '');

/**
 * The list's filters from a query: a status of the form's own, an owner's account (by id, or `me` for the
 * signed-in member's), words to search for; anything else none.
 */
export function parseFilters(form: LeadFormName, query: Query, me: string): { status: string | null; owner: string | null; search: string | null } {
  const status = single(query.status);
  const search = cutText(single(query.q).normalize('NFC'), 120);
  return {
    status: (LEAD_FORMS[form].statuses as readonly string[]).includes(status) ? status : null,
    owner: parseOwner(single(query.owner), me),
    search: search || null,
  };
}
