import { wholeDollars } from '@/lib/copy/money';

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const acres = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const baths = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
/** Newer ICU puts a narrow no-break space before AM and PM, which the brand's faces do not draw. */
const plainSpaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

export const formatPrice = wholeDollars;
export const formatSqft = (sqft: number) => whole.format(sqft);
export const formatAcres = (lot: number) => acres.format(lot);
export const formatCount = (count: number) => baths.format(count);

/** "March 3, 2026 at 2:05 PM EST", in the given time zone. */
export function formatDateTime(at: Date, timeZone: string): string {
  const made = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(at);
  return plainSpaces(made);
}

/** "Mar 3, 2026", in the given time zone. */
export function formatDate(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'short', day: 'numeric' }).format(at);
}

/** "March 2026", in the given time zone. */
export function formatMonth(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'long' }).format(at);
}
