import { createHash, createHmac, randomUUID } from 'node:crypto';
import type { TourMethods } from '@/lib/store/types';

// A buyer's tour link, /tour/<token>. The token is derived from the link's id with the server's key
// (lib/auth/secret.ts) whenever an email needs it, the same every time, and never stored: the database keeps
// only its SHA-256 hash, and finds the link by it. Without the key, an id (which the outbox may show) gives
// nothing; without the database, a token opens nothing.

/** A tour link's token as an email carries it: 43 characters of base64url (an HMAC-SHA-256). */
export const TOUR_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The token of the link with this id, under the server's key. */
export function tourToken(key: Buffer, linkId: string): string {
  return createHmac('sha256', key).update(`tour-link/${linkId}`, 'utf8').digest('base64url');
}

/** What the database keeps of a token, and looks a link up by: its SHA-256, in hex. */
export function tourTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A new link for the store to issue (TourMethods.issueTourLink): its id and its token's hash. */
export function newTourLink(key: Buffer, leadId: string): { id: string; leadId: string; tokenHash: string } {
  const id = randomUUID();
  return { id, leadId, tokenHash: tourTokenHash(tourToken(key, id)) };
}

/** The hash to look a typed or followed token up by; null for anything that cannot be a token. */
export function tokenHashOf(token: string | null | undefined): string | null {
  return token && TOUR_TOKEN.test(token) ? tourTokenHash(token) : null;
}

/**
 * The token an inquiry's receipt carries (/tour/<token>): the lead's live link, or one issued now for 30 days,
 * so that a retried receipt carries the same. Null when the lead is gone (no link to offer).
 */
export async function receiptTourToken(
  store: Pick<TourMethods, 'issueTourLink'>,
  key: Buffer,
  leadId: string,
  at: Date,
): Promise<{ token: string; linkId: string; expiresAt: string } | null> {
  const issued = await store.issueTourLink(newTourLink(key, leadId), at);
  return issued ? { token: tourToken(key, issued.id), linkId: issued.id, expiresAt: issued.expiresAt } : null;
}
