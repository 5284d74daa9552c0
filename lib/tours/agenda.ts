// The team's agenda at /admin/tours: which 30 days it shows (from a date in the address, else today in the site's
// zone), and the booked tours of those days grouped by their day in that zone. Days with no tour are left out.
import { DateTime } from 'luxon';
import type { AgendaTour } from '@/lib/tours/types';
import { dayIn } from './calendar';
import { isCalendarDate } from './settings';

/** How many days the agenda shows at once. */
export const AGENDA_DAYS = 30;

export interface AgendaRange {
  /** The first day shown, YYYY-MM-DD in the site's zone. */
  from: string;
  /** The last day shown (inclusive). */
  last: string;
  /** The instants the store is asked for: [start of `from`, start of the day after `last`) in the zone. */
  fromInstant: Date;
  toInstant: Date;
  /** The first day of the next 30, and of the previous 30 (null when these start today or earlier). */
  next: string;
  previous: string | null;
}

export interface AgendaDay {
  date: string;
  tours: AgendaTour[];
}

const today = (now: Date, timeZone: string) => dayIn(now, timeZone);

/**
 * The 30 days to show: from `asked` (a date from the address) when it is a real date no more than a year either
 * side of today, else from today. Odd input is not an error: it is today's agenda.
 */
export function agendaRange(asked: unknown, now: Date, timeZone: string): AgendaRange {
  const current = today(now, timeZone);
  const base = DateTime.fromISO(current, { zone: timeZone });
  let from = current;
  if (typeof asked === 'string' && isCalendarDate(asked)) {
    const days = DateTime.fromISO(asked, { zone: timeZone }).diff(base, 'days').days;
    if (Math.abs(days) <= 366) from = asked;
  }
  const start = DateTime.fromISO(from, { zone: timeZone }).startOf('day');
  const end = start.plus({ days: AGENDA_DAYS });
  const previous = start.minus({ days: AGENDA_DAYS });
  return {
    from,
    last: end.minus({ days: 1 }).toISODate()!,
    fromInstant: start.toJSDate(),
    toInstant: end.toJSDate(),
    next: end.toISODate()!,
    previous: from > current ? (previous.toISODate()! < current ? current : previous.toISODate()!) : null,
  };
}

/** The tours by their day in the zone, earliest first; a day only when it has a tour. */
export function agendaDays(tours: readonly AgendaTour[], timeZone: string): AgendaDay[] {
  const days = new Map<string, AgendaTour[]>();
  const sorted = [...tours].sort((a, b) => Date.parse(a.tour.startsAt) - Date.parse(b.tour.startsAt) || a.tour.id.localeCompare(b.tour.id));
  for (const tour of sorted) {
    const date = dayIn(tour.tour.startsAt, timeZone);
    days.set(date, [...(days.get(date) ?? []), tour]);
  }
  return [...days].map(([date, list]) => ({ date, tours: list }));
}
