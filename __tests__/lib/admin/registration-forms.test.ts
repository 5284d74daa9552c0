import { checkDecision, parseRegistrationFilter, reviewOrder, shownStatus } from '@/lib/admin/registration-forms';
import type { TeamRegistration } from '@/lib/portal/types';

describe('checkDecision', () => {
  test('a registration needs no reason, and one typed before choosing is not kept', () => {
    expect(checkDecision('registered', '')).toEqual({ decision: { status: 'registered' } });
    expect(checkDecision('registered', 'typed, then changed my mind')).toEqual({ decision: { status: 'registered' } });
  });

  test('a decline keeps its reason, trimmed, its lines as typed', () => {
    expect(checkDecision('declined', '  Eleanor wrote to us herself on 3 November.\r\nShe is touring with us.  ')).toEqual({
      decision: { status: 'declined', reason: 'Eleanor wrote to us herself on 3 November.\nShe is touring with us.' },
    });
  });

  test.each([
    ['no reason', ''],
    ['only spaces and lines', ' \n\t \r\n '],
    ['no reason sent at all', undefined],
  ])('a decline with %s is refused: the broker must be told why', (_case, reason) => {
    expect(checkDecision('declined', reason)).toEqual({ refused: 'reason', length: 0 });
  });

  test('a reason past 1,000 characters is refused with its length, counted as characters rather than UTF-16 units', () => {
    // Each of these is four characters (the database's char_length) and seven UTF-16 units.
    const worker = '👩🏽‍💼';
    expect(checkDecision('declined', worker.repeat(150) + 'x'.repeat(400))).toMatchObject({ decision: { status: 'declined' } });
    expect(checkDecision('declined', worker.repeat(150) + 'x'.repeat(401))).toEqual({ refused: 'long', length: 1001 });
    expect(checkDecision('declined', 'x'.repeat(1001))).toEqual({ refused: 'long', length: 1001 });
  });

  test('control and direction-changing characters are refused', () => {
    expect(checkDecision('declined', 'Already ours\u0007')).toMatchObject({ refused: 'control' });
    expect(checkDecision('declined', 'Already \u202Eours')).toMatchObject({ refused: 'control' });
  });

  test.each([[''], ['approved'], ['under_review'], [null], [['declined']]])('anything but the two decisions (%p) asks to choose', (decision) => {
    expect(checkDecision(decision, 'A reason')).toEqual({ refused: 'choose', length: 0 });
  });
});

test('the filter is one of the three statuses, else none (every registration)', () => {
  expect(parseRegistrationFilter('under_review')).toBe('under_review');
  expect(parseRegistrationFilter('declined')).toBe('declined');
  expect(parseRegistrationFilter('expired')).toBeNull();
  expect(parseRegistrationFilter(['registered'])).toBeNull();
  expect(parseRegistrationFilter(undefined)).toBeNull();
});

const registration = (id: string, status: TeamRegistration['status'], createdAt: string, expiresAt: string | null = null) =>
  ({ id, status, createdAt, expiresAt }) as TeamRegistration;

test('those under review come first, then the rest, newest first within each', () => {
  const list = [
    registration('a', 'registered', '2026-11-20T10:00:00.000Z', '2027-02-18T10:00:00.000Z'),
    registration('b', 'under_review', '2026-11-01T10:00:00.000Z'),
    registration('c', 'declined', '2026-11-22T10:00:00.000Z'),
    registration('d', 'under_review', '2026-11-10T10:00:00.000Z'),
  ];
  expect(reviewOrder(list).map((entry) => entry.id)).toEqual(['d', 'b', 'c', 'a']);
  // The list given is left as it was.
  expect(list.map((entry) => entry.id)).toEqual(['a', 'b', 'c', 'd']);
});

test('a registration past its expiry reads as expired; one still protecting, or not registered, reads as its status', () => {
  const now = new Date('2026-11-25T12:00:00.000Z');
  expect(shownStatus(registration('a', 'registered', '2026-08-01T00:00:00.000Z', '2026-11-25T12:00:00.000Z'), now)).toBe('expired');
  expect(shownStatus(registration('a', 'registered', '2026-08-01T00:00:00.000Z', '2026-11-25T12:00:01.000Z'), now)).toBe('registered');
  expect(shownStatus(registration('a', 'declined', '2026-08-01T00:00:00.000Z'), now)).toBe('declined');
  expect(shownStatus(registration('a', 'under_review', '2026-08-01T00:00:00.000Z'), now)).toBe('under_review');
});
