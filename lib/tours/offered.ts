import type { LeadStore } from '@/lib/store/types';
import { checkOpenTime } from './slots';

const DAY = 86_400_000;

/**
 * Whether a posted start is one of the times the pages offer, by the rules they are listed by (lib/tours/slots.ts):
 * on the step from opening, inside the hours, after the least notice, before the horizon, on an open day. The
 * store checks hours, notice and places again but takes any minute within the hours, so a time posted off the
 * list (10:30 between 10:00 and 12:00, holding both) is refused here. A time whose places are all taken still
 * passes: the store's constraint answers that, in the same moment as the booking.
 */
export async function isOfferedStart(store: Pick<LeadStore, 'tourSettings' | 'bookedSpans'>, startsAt: Date, now: Date, timeZone: string): Promise<boolean> {
  const settings = await store.tourSettings();
  const booked = await store.bookedSpans(new Date(startsAt.getTime() - DAY), new Date(startsAt.getTime() + DAY));
  const check = checkOpenTime({ settings, booked, now, timeZone, startsAt: startsAt.toISOString() });
  return check.ok || check.reason === 'full';
}
