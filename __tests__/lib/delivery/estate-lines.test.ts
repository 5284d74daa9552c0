import { emails } from '@/lib/copy/emails';
import { insightFigures } from '@/lib/copy/insight-figures';

const line = emails.weekly.estateValue;

test('the Monday email’s line on the estate reads true with no lot, one lot, and none available', () => {
  expect(line(0, 0, 0, 0, '$0')).toBe('No lot is listed yet');
  expect(line(1, 0, 1, 0, '$0')).toBe('0 of 1 lot sold, 1 on hold or reserved, 0 available');
  expect(line(60, 10, 10, 40, '$500,000,000')).toBe('10 of 60 lots sold, 10 on hold or reserved, 40 available (listed at $500,000,000)');
});

test('the insights page says the same of the estate: nothing listed, and no list value when none is available', () => {
  const summary = insightFigures.estate.summary;
  expect(summary(0, 0, 0, '$0')).toBe('No lot is listed yet.');
  expect(summary(4, 4, 0, '$0')).toBe('4 of 4 lots sold; 0 available.');
  expect(summary(60, 10, 40, '$500,000,000')).toBe('10 of 60 lots sold; 40 available, listed at $500,000,000.');
});
