/**
 * A claim's outbox notice read back as the worker sends it: times in UTC whatever offset the database wrote, a numeric
 * amount as a number, every absent field null; and nothing at all for a notice whose claim is gone or is not a claim's.
 */
import { readNoticeClaim } from '@/lib/holds/notice';

/** A notice as private.claim_notice writes it: a reservation to its broker, its times in the database's offset. */
function written(changes: Record<string, unknown> = {}, claimChanges: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    claim: {
      id: 'claim-1',
      estateId: 'estate-1',
      lot: 'Lot 2',
      stage: 'reserved',
      state: 'active',
      placedAt: '2027-03-01T05:00:00-05:00',
      expiresAt: '2027-03-04T10:00:00+00',
      extendedAt: null,
      extendReason: null,
      endedAt: null,
      cancelReason: null,
      reservedAt: '2027-03-02T10:30:00.123456+00:00',
      contractAt: null,
      soldAt: null,
      placedBy: { id: 'broker-1', name: 'Marcus Hale', email: 'marcus@hale.realty', brokerage: 'Hale Realty' },
      broker: { id: 'broker-1', name: 'Marcus Hale', email: 'marcus@hale.realty', brokerage: 'Hale Realty' },
      registrationId: 'registration-1',
      leadId: null,
      buyer: { name: 'Eleanor Whitfield', email: 'eleanor@example.com' },
      deposit: { amount: '937500.50', dueOn: '2027-03-10', receivedOn: null, method: 'Wire transfer', note: null },
      depositOverdue: false,
      ...claimChanges,
    },
    recipient: 'broker',
    to: { name: 'Marcus Hale', email: 'marcus@hale.realty' },
    step: 'reserved',
    live: true,
    ...changes,
  };
}

test('times arrive in UTC as ISO strings, whatever offset they were written in; a numeric amount as a number', () => {
  const notice = readNoticeClaim(written());
  expect(notice).toEqual({
    claim: expect.objectContaining({
      placedAt: '2027-03-01T10:00:00.000Z',
      expiresAt: '2027-03-04T10:00:00.000Z',
      reservedAt: '2027-03-02T10:30:00.123Z',
      extendedAt: null,
      deposit: { amount: 937_500.5, dueOn: '2027-03-10', receivedOn: null, method: 'Wire transfer', note: null },
    }),
    recipient: 'broker',
    to: { name: 'Marcus Hale', email: 'marcus@hale.realty' },
    step: 'reserved',
    live: true,
  });
  expect(readNoticeClaim(written({}, { deposit: { amount: 250000, dueOn: '2027-03-10' } }))!.claim.deposit).toEqual({
    amount: 250_000,
    dueOn: '2027-03-10',
    receivedOn: null,
    method: null,
    note: null,
  });
});

test('fields left out are null, and only a true `live` sends it', () => {
  const bare = written({ to: undefined, step: undefined, live: undefined }, { extendedAt: undefined, buyer: undefined, deposit: undefined, placedBy: undefined, registrationId: undefined });
  const notice = readNoticeClaim(bare)!;
  expect(notice).toMatchObject({ to: null, step: null, live: false });
  expect(notice.claim).toMatchObject({ extendedAt: null, buyer: null, deposit: null, placedBy: null, registrationId: null, depositOverdue: false });
  expect(readNoticeClaim(written({ live: 'true' }))!.live).toBe(false);
  expect(readNoticeClaim(written({ recipient: 'team', to: null, step: null }))).toMatchObject({ recipient: 'team', to: null, step: null });
});

test('a notice whose claim is gone, or that is not a claim’s notice, reads as nothing', () => {
  for (const about of [null, undefined, 'claim', [], {}, written({ claim: null })]) expect(readNoticeClaim(about)).toBeNull();
  const malformed = [
    written({ recipient: 'someone' }),
    written({ step: 'signed' }),
    written({ to: 'marcus@hale.realty' }),
    written({}, { stage: 'pending' }),
    written({}, { lot: null }),
    written({}, { expiresAt: 'soon' }),
    written({}, { deposit: { amount: 'a lot', dueOn: '2027-03-10' } }),
    written({}, { deposit: { amount: 937500, dueOn: 'March 10' } }),
    written({}, { buyer: { name: 'Eleanor Whitfield' } }),
  ];
  for (const about of malformed) expect(readNoticeClaim(about)).toBeNull();
});
