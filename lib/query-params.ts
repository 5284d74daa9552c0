import { z } from 'zod';
import { logEvent } from '@/lib/log';
import { isStorableText } from '@/lib/storable-text';

/** A page's query, as Next hands it over. */
export type Query = Record<string, string | string[] | undefined>;

/** A parameter's name as the log may show it: the site's own names are words; anything else is nobody's business. */
const loggedName = (name: string) => (/^[\w-]{1,40}$/.test(name) ? name : '?');

/**
 * A page's query without the parameters whose text the site cannot keep (lib/storable-text.ts), as though they had
 * not been sent: the page then shows what it shows for any value it does not know, its normal or refused state. Said
 * once in the log, by the parameters' names alone.
 */
export function readQuery(query: Query): Query {
  // Read by its entries, never by name: a parameter named `hasOwnProperty` or `__proto__` is the query's own value
  // there, where looking it up by name can find what every object inherits.
  const entries = Object.entries(query);
  const refused = entries
    .filter(([name, value]) => !isStorableText(name) || [value ?? []].flat().some((text) => typeof text !== 'string' || !isStorableText(text)))
    .map(([name]) => name);
  if (!refused.length) return query;
  logEvent('request.refused', { reason: 'unstorable_text', parameters: refused.map(loggedName).join(',') }, 'warn');
  return Object.fromEntries(entries.filter(([name]) => !refused.includes(name)));
}

/** A record's id as a form's schema reads a field: a UUID in either case, handed on in lower case (readAddressId). */
export const recordId = z.uuid().transform((id) => id.toLowerCase());

/**
 * A record's id as a page's address carries it (`/admin/estates/<id>`): a UUID, whose letters an address may give in
 * either case (RFC 9562), handed on as the store writes it, in lower case, so that the page finds the record by it
 * wherever it compares ids as text; null for anything else, which the page answers as it answers a record it does
 * not have (404).
 */
export function readAddressId(value: string): string | null {
  return readId(value);
}

/**
 * A record's id as a form's field or an address's query sends it: read as readAddressId reads one, so that the page a
 * post goes back to finds its line by it, and a log line names it one way; null for anything that is not text (a
 * file, a repeated key, nothing).
 */
export function readId(value: unknown): string | null {
  const read = recordId.safeParse(value);
  return read.success ? read.data : null;
}
