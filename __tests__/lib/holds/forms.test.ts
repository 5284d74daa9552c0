import { EMPTY_CLAIM_VALUES } from '@/lib/holds/claim-state';
import { checkDepositForm, checkReason, dayInZone, isDay, parseAmount, readHoldPost, typedInAddress } from '@/lib/holds/forms';
import { readId } from '@/lib/query-params';

const ID = '3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b';
const form = (entries: Record<string, string | Blob>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
};

test('amounts as people write them, and nothing that is not one', () => {
  expect(['937500', '937,500', '$937,500.00', 'US$ 1,250.5', '0.01'].map(parseAmount)).toEqual([937_500, 937_500, 937_500, 1250.5, 0.01]);
  for (const wrong of ['', '0', '-5', '1.005', '1e6', 'NaN', 'Infinity', '9'.repeat(13), '12,34', '١٢٣', '937 500', '0x10', '$']) {
    expect(parseAmount(wrong)).toBeNull();
  }
});

test('days that exist, in the range the store keeps', () => {
  expect(['2027-03-10', '2028-02-29'].every(isDay)).toBe(true);
  expect(['2027-02-29', '2027-13-01', '27-03-10', '2027-3-1', '1999-12-31', '2200-01-01', '', '2027-03-10T00:00'].some(isDay)).toBe(false);
  // The site's day, not the server's: 03:00 UTC is still the evening before in New York.
  expect(dayInZone(new Date('2027-03-02T03:00:00Z'), 'America/New_York')).toBe('2027-03-01');
});

test('a deposit: an amount, a due day not past (unless it is the one already set), a received day already come, short plain text', () => {
  const values = { ...EMPTY_CLAIM_VALUES, amount: '937,500', dueOn: '2027-03-10', method: ' Wire transfer ', note: 'First payment\r\nten per cent' };
  expect(checkDepositForm(values, '2027-03-01')).toEqual({
    deposit: { amount: 937_500, dueOn: '2027-03-10', receivedOn: null, method: 'Wire transfer', note: 'First payment\nten per cent' },
  });
  expect(checkDepositForm({ ...values, amount: 'a lot' }, '2027-03-01')).toEqual({ refused: 'amount' });
  expect(checkDepositForm({ ...values, dueOn: '' }, '2027-03-01')).toEqual({ refused: 'due' });
  expect(checkDepositForm({ ...values, dueOn: '2027-02-28' }, '2027-03-01')).toEqual({ refused: 'due_past' });
  expect(checkDepositForm({ ...values, dueOn: '2027-02-28' }, '2027-03-01', '2027-02-28')).toMatchObject({ deposit: { dueOn: '2027-02-28' } });
  expect(checkDepositForm({ ...values, receivedOn: '2027-03-02' }, '2027-03-01')).toEqual({ refused: 'received' });
  expect(checkDepositForm({ ...values, method: 'x'.repeat(201) }, '2027-03-01')).toEqual({ refused: 'long' });
  expect(checkDepositForm({ ...values, note: 'a\u202Eb' }, '2027-03-01')).toEqual({ refused: 'control' });
  expect(checkDepositForm({ ...values, note: 'a\u0000b' }, '2027-03-01')).toEqual({ refused: 'control' });
  expect(checkDepositForm({ ...values, note: 'lone \uD800 half' }, '2027-03-01')).toEqual({ refused: 'control' });
});

test('a reason is required, short and plain', () => {
  expect(checkReason('  Buyer abroad until Friday ')).toEqual({ reason: 'Buyer abroad until Friday' });
  expect(checkReason('   ')).toEqual({ refused: 'reason' });
  expect(checkReason('x'.repeat(501))).toEqual({ refused: 'long' });
  expect(checkReason('x'.repeat(500))).toEqual({ reason: 'x'.repeat(500) });
});

test('a hold post names one lot and exactly one client, by id', () => {
  expect(readHoldPost(form({ estate: ID, registration: ID }))).toEqual({ estateId: ID, forWhom: { registrationId: ID } });
  expect(readHoldPost(form({ estate: ID, lead: ID }))).toEqual({ estateId: ID, forWhom: { leadId: ID } });
  for (const wrong of [{}, { estate: ID }, { estate: ID, lead: ID, registration: ID }, { estate: 'Lot 2', lead: ID }, { estate: ID, lead: `${ID}' or 1=1` }, { estate: new Blob(['x']), lead: ID }]) {
    expect(readHoldPost(form(wrong as Record<string, string>))).toBeNull();
  }
});

test('ids sent in capitals are read in lower case, as the store writes them and the pages link to them; anything else is no id', () => {
  const capitals = ID.toUpperCase();
  expect(readHoldPost(form({ estate: capitals, registration: capitals }))).toEqual({ estateId: ID, forWhom: { registrationId: ID } });
  expect(readId(capitals)).toBe(ID);
  for (const wrong of [undefined, null, 7, ['x'], new Blob([ID]), '', `${ID} `, `{${ID}}`]) expect(readId(wrong)).toBeNull();
});

test('a field typed again in the address it goes back to: whole characters, never half an emoji, and no file', () => {
  // Cut at 8 units, the emoji's second half would have been the ninth: the address could not be written.
  expect(typedInAddress('1234567\u{1F600}', 8)).toBe('1234567');
  expect(typedInAddress('72', 8)).toBe('72');
  expect(typedInAddress('a&b=c', 8)).toBe('a%26b%3Dc');
  expect(typedInAddress('lone \uD800', 8)).toBe('lone%20%EF%BF%BD');
  expect(typedInAddress(new File(['72'], 'hours.txt'), 8)).toBe('');
  expect(typedInAddress(null, 8)).toBe('');
});
