// A lead's owner as the inbox's addresses name it: an account of the team, by its id.

/** The owner filter's word for the signed-in member's own leads: the inbox's "Mine" (/admin?owner=me). */
export const MINE = 'me';

/** The owner select's value for a name typed in before owners were accounts: saving it keeps that name. */
export const KEEP_TYPED = 'typed';

const ACCOUNT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An owner from a query: `me` as the signed-in member's id, an account id as itself, anything else (an old free-text name) none. */
export function parseOwner(value: string, me: string): string | null {
  const owner = value.trim().toLowerCase();
  return owner === MINE ? me : ACCOUNT_ID.test(owner) ? owner : null;
}
