// The buyer picks a day, then a time: the month around the chosen day as a calendar, each open day a link, and
// the way to the months before and after that have open days. Pure calendar arithmetic on YYYY-MM-DD dates.
import { DateTime } from 'luxon';
import type { OpenDay } from './slots';

/** One date of the month as the calendar shows it. */
export interface CalendarDay {
  date: string;
  /** Its number in the month. */
  day: number;
  /** How many open times it has; 0 for a day that cannot be chosen. */
  times: number;
  chosen: boolean;
}

export interface DayPicker {
  /** The day whose times are offered: the one asked for when it is open, else the first open day. */
  chosen: OpenDay | null;
  /** The chosen day's month, YYYY-MM. */
  month: string;
  /** Monday to Sunday; null before the first and after the last of the month. */
  weeks: (CalendarDay | null)[][];
  /** The first open day of the nearest earlier and later months that have one. */
  previous: string | null;
  next: string | null;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const dateOf = (date: string) => DateTime.fromISO(date, { zone: 'utc' });

/** The calendar for `wanted` (a day asked for by its address, never trusted) among the open days. */
export function dayPicker(days: readonly OpenDay[], wanted: string | undefined): DayPicker | null {
  const chosen = (wanted && DATE.test(wanted) ? days.find((day) => day.date === wanted) : undefined) ?? days[0];
  if (!chosen) return null;
  const month = chosen.date.slice(0, 7);
  const open = new Map(days.map((day) => [day.date, day.times.length]));
  const first = dateOf(`${month}-01`);
  const weeks: (CalendarDay | null)[][] = [];
  let week: (CalendarDay | null)[] = Array.from({ length: first.weekday - 1 }, () => null);
  for (let day = first; day.month === first.month; day = day.plus({ days: 1 })) {
    const date = day.toISODate()!;
    week.push({ date, day: day.day, times: open.get(date) ?? 0, chosen: date === chosen.date });
    if (week.length === 7) {
      weeks.push(week);
      week = [];
    }
  }
  if (week.length) weeks.push([...week, ...Array.from({ length: 7 - week.length }, () => null)]);
  const before = [...days].reverse().find((day) => day.date.slice(0, 7) < month)?.date.slice(0, 7);
  const previous = before ? days.find((day) => day.date.startsWith(before))!.date : null;
  const next = days.find((day) => day.date.slice(0, 7) > month)?.date ?? null;
  return { chosen, month, weeks, previous, next };
}

/** The calendar date (YYYY-MM-DD) an instant falls on in a time zone: the day whose times it is among. */
export function dayIn(instant: Date | string, timeZone: string): string {
  const moment = typeof instant === 'string' ? DateTime.fromISO(instant, { zone: timeZone }) : DateTime.fromJSDate(instant, { zone: timeZone });
  return moment.toISODate()!;
}

/** A month as the calendar heads it: "December 2026". */
export function formatMonthLabel(month: string): string {
  return dateOf(`${month}-01`).setLocale('en-US').toFormat('LLLL yyyy');
}
