import type { ClaimPerson, LotClaim } from '@/lib/holds/types';

export const MARCUS_AS_BROKER: ClaimPerson = { id: 'broker-1', name: 'Marcus Hale', email: 'marcus@hale.realty', brokerage: 'Hale Realty' };

/** A claim as the store answers one: Marcus's hold on Lot 2 for Eleanor Whitfield, March 1 to 4 (10:00 UTC); change what a test needs. */
export function sampleClaim(changes: Partial<LotClaim> = {}): LotClaim {
  return {
    id: 'claim-1',
    estateId: '5f0c6a8e-1b2d-4c3e-8f9a-0b1c2d3e4f50',
    lot: 'Lot 2',
    stage: 'hold',
    state: 'active',
    placedAt: '2027-03-01T10:00:00.000Z',
    expiresAt: '2027-03-04T10:00:00.000Z',
    extendedAt: null,
    extendReason: null,
    endedAt: null,
    cancelReason: null,
    reservedAt: null,
    contractAt: null,
    soldAt: null,
    placedBy: MARCUS_AS_BROKER,
    broker: MARCUS_AS_BROKER,
    registrationId: 'c0ffee00-0000-4000-8000-000000000002',
    leadId: null,
    buyer: { name: 'Eleanor Whitfield', email: 'eleanor@example.com' },
    deposit: null,
    depositOverdue: false,
    ...changes,
  };
}
