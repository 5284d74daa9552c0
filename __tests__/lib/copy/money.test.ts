import { formatUsd, listPriceWords, wholeDollars } from '@/lib/copy/money';

test('a price is written in whole dollars, grouped by thousands, wherever it is shown', () => {
  expect(wholeDollars(4_250_000)).toBe('$4,250,000');
  expect(wholeDollars(0)).toBe('$0');
  expect(listPriceWords(12_500_000)).toBe('$12,500,000');
  expect(listPriceWords(null)).toBe('Price on request');
});

test('a sum paid keeps its cents only when it has some', () => {
  expect(formatUsd(937_500)).toBe('$937,500');
  expect(formatUsd(937_500.5)).toBe('$937,500.50');
  expect(formatUsd(0.05)).toBe('$0.05');
});
