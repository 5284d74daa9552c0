import { emails } from '@/lib/copy/emails';

const line = emails.weekly.estateValue;

test('the Monday email’s line on the estate reads true with no lot, one lot, and none available', () => {
  expect(line(0, 0, 0, 0, '$0')).toBe('No lot is listed yet');
  expect(line(1, 0, 1, 0, '$0')).toBe('0 of 1 lot sold, 1 on hold or reserved, 0 available');
  expect(line(60, 10, 10, 40, '$500,000,000')).toBe('10 of 60 lots sold, 10 on hold or reserved, 40 available (listed at $500,000,000)');
});
