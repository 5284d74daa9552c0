import type { Actor } from '@/lib/auth/types';
import type { LeadStore } from '@/lib/store/types';
import type { CurrentTerms } from './types';

/**
 * Whether the portal is open to this account: to the team always (they see what brokers see); to a broker once
 * they have accepted the latest terms, so never before a first version is published. The store asks the same.
 */
export function portalOpenTo(actor: Pick<Actor, 'role'>, terms: CurrentTerms | null): boolean {
  return actor.role !== 'broker' || terms?.accepted === true;
}

/** The latest terms, and whether the portal is open to this account under them. */
export async function portalGate(store: Pick<LeadStore, 'currentTerms'>, actor: Actor): Promise<{ terms: CurrentTerms | null; open: boolean }> {
  const terms = await store.currentTerms(actor);
  return { terms, open: portalOpenTo(actor, terms) };
}
