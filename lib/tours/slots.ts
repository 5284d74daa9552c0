// The open times a buyer may choose for a private tour, worked out from the team's settings and the tours already
// booked, with no database: the booking page lists them and the store checks a chosen time against the same rules.
//
// Wall-clock times are the site's zone's (SITE_TIME_ZONE, lib/config/server.ts `timeZone`), so 10:00 is 10:00 local on
// both sides of a daylight-saving change, and every instant handed out is the right one for that day (ISO, UTC).
// The rules, each in one place below:
// - Starts are laid out in wall-clock time from the day's opening, one every tourMinutes + bufferMinutes (the issue's
//   defaults give 10:00, 12:00 and 14:00), so a day's times do not drift when tours are booked or cancelled.
// - A tour must end by closing time, counted in real minutes: its end instant is no later than the first instant the
//   clock reads the closing time (or, if that time is skipped that day, the instant the clock jumps past it).
// - A wall-clock time the spring-forward change skips (02:30 in New York on 2027-03-14) is not offered that day.
//   One the fall-back change repeats (01:30 in New York on 2027-11-07) is offered once: its first occurrence, the
//   earlier instant (still daylight time), which is also how RFC 5545 reads a repeated DTSTART in an invitation.
// - No start sooner than now + leastNoticeHours (elapsed hours; exactly then is allowed), none later than the same
//   wall-clock time horizonDays calendar days ahead (exactly then is allowed), none on a closed date or weekday.
// - placesLeft is capacity less the booked spans overlapping [start, end + buffer); a time with none left is not open.
import { DateTime, IANAZone } from 'luxon';
import type { BookedSpan, OpenTime, TourSettings, Weekday } from '@/lib/tours/types';

export interface OpenTimesInput {
  settings: TourSettings;
  /** Every tour holding the calendar (when moving a tour, leave its own span out). */
  booked: readonly BookedSpan[];
  now: Date;
  /** An IANA zone name, such as America/New_York. */
  timeZone: string;
}

/** One day's open times; `date` is the day in the site's zone. */
export interface OpenDay {
  date: string;
  times: OpenTime[];
}

/** Why a chosen start is not open. */
export type ClosedReason = 'invalid' | 'not_offered' | 'too_soon' | 'too_far' | 'full';

export type OpenTimeCheck = { ok: true; time: OpenTime } | { ok: false; reason: ClosedReason };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const LOCALE = 'en-US';

const zoneOf = (timeZone: string): IANAZone => {
  const zone = IANAZone.create(timeZone);
  if (!zone.isValid) throw new RangeError(`Unknown time zone: ${timeZone}`);
  return zone;
};

/** "HH:MM" as minutes after midnight. */
const minutesOf = (time: string): number => {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  if (!match) throw new RangeError(`Not a time of day (HH:MM): ${time}`);
  return Number(match[1]) * 60 + Number(match[2]);
};

interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

const isoDate = ({ year, month, day }: CalendarDate): string =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/**
 * The instants, earliest first, at which the clock in `zone` reads `minute` minutes after midnight on `date`:
 * none in a spring-forward gap, two in a fall-back overlap, otherwise one.
 */
const wallClockInstants = (zone: IANAZone, date: CalendarDate, minute: number): number[] => {
  const asIfUtc = Date.UTC(date.year, date.month - 1, date.day, 0, minute);
  // A zone's offset changes at most once within a day or so: the offsets a day either side cover both sides.
  const offsets = new Set([zone.offset(asIfUtc - 36 * HOUR), zone.offset(asIfUtc), zone.offset(asIfUtc + 36 * HOUR)]);
  const instants = new Set<number>();
  for (const offset of offsets) {
    const instant = asIfUtc - offset * MINUTE;
    if (zone.offset(instant) === offset) instants.add(instant);
  }
  return [...instants].sort((a, b) => a - b);
};

/** The first instant the clock reads `minute` or later on `date`: the minute itself, or the end of the gap skipping it. */
const firstInstantFrom = (zone: IANAZone, date: CalendarDate, minute: number): number => {
  for (let later = minute; later < minute + 24 * 60; later += 1) {
    const [instant] = wallClockInstants(zone, date, later);
    if (instant !== undefined) return instant;
  }
  throw new RangeError(`No instant reads ${minute} minutes on ${isoDate(date)}`);
};

interface Candidate {
  start: number;
  end: number;
}

/** The starts a day's hours offer before notice, horizon and places are considered. */
const dayCandidates = (settings: TourSettings, zone: IANAZone, date: CalendarDate, closedDates: ReadonlySet<string>): Candidate[] => {
  if (closedDates.has(isoDate(date))) return [];
  const weekday = DateTime.utc(date.year, date.month, date.day).weekday as Weekday;
  const hours = settings.hours[weekday];
  if (!hours) return [];
  const open = minutesOf(hours.open);
  const close = minutesOf(hours.close);
  const step = settings.tourMinutes + settings.bufferMinutes;
  if (!Number.isInteger(step) || step <= 0 || !Number.isInteger(settings.tourMinutes) || settings.tourMinutes <= 0) {
    throw new RangeError('Tour and buffer minutes must be whole numbers, the tour at least one minute');
  }
  const closing = firstInstantFrom(zone, date, close);
  const candidates: Candidate[] = [];
  for (let minute = open; minute < close; minute += step) {
    // A skipped wall-clock time is not offered; a repeated one is offered at its first occurrence.
    const [start] = wallClockInstants(zone, date, minute);
    if (start === undefined) continue;
    const end = start + settings.tourMinutes * MINUTE;
    if (end <= closing) candidates.push({ start, end });
  }
  return candidates;
};

interface Rules {
  zone: IANAZone;
  earliest: number;
  latest: number;
  closedDates: ReadonlySet<string>;
  spans: { start: number; until: number }[];
}

const rulesOf = ({ settings, booked, now, timeZone }: OpenTimesInput): Rules & { today: DateTime; horizon: DateTime } => {
  const zone = zoneOf(timeZone);
  const nowMs = now.getTime();
  if (!Number.isFinite(nowMs)) throw new RangeError('now is not a valid date');
  const today = DateTime.fromMillis(nowMs, { zone });
  // Calendar days in the zone: 30 days after 09:00 is 09:00 thirty days later, whatever changed in between.
  const horizon = today.plus({ days: settings.horizonDays });
  const spans = booked.map(({ startsAt, blockedUntil }) => {
    const start = Date.parse(startsAt);
    const until = Date.parse(blockedUntil);
    // A span that cannot be read must not free its time.
    if (!Number.isFinite(start) || !Number.isFinite(until)) throw new RangeError(`Unreadable booked span: ${startsAt} to ${blockedUntil}`);
    return { start, until };
  });
  return {
    zone,
    today,
    horizon,
    earliest: nowMs + settings.leastNoticeHours * HOUR,
    latest: horizon.toMillis(),
    closedDates: new Set(settings.closedDates),
    spans,
  };
};

/** Capacity less the booked spans that overlap the tour and its buffer, [start, end + buffer). */
const placesLeftAt = (settings: TourSettings, spans: Rules['spans'], { start, end }: Candidate): number => {
  const heldUntil = end + settings.bufferMinutes * MINUTE;
  const overlapping = spans.filter((span) => span.start < heldUntil && span.until > start).length;
  return settings.capacity - overlapping;
};

const openTimeOf = ({ start, end }: Candidate, placesLeft: number): OpenTime => ({
  startsAt: new Date(start).toISOString(),
  endsAt: new Date(end).toISOString(),
  placesLeft,
});

const calendarDate = (dateTime: DateTime): CalendarDate => ({ year: dateTime.year, month: dateTime.month, day: dateTime.day });

/**
 * The open times from today to the horizon, day by day in the site's zone, earliest first. Days with no open time
 * (closed, full, or all too soon) are left out, so the page lists only days it can offer.
 */
export function openTimes(input: OpenTimesInput): OpenDay[] {
  const { settings } = input;
  const rules = rulesOf(input);
  const days: OpenDay[] = [];
  const last = isoDate(calendarDate(rules.horizon));
  for (let day = DateTime.utc(rules.today.year, rules.today.month, rules.today.day); ; day = day.plus({ days: 1 })) {
    const date = calendarDate(day);
    if (isoDate(date) > last) break;
    const times: OpenTime[] = [];
    for (const candidate of dayCandidates(settings, rules.zone, date, rules.closedDates)) {
      if (candidate.start < rules.earliest || candidate.start > rules.latest) continue;
      const placesLeft = placesLeftAt(settings, rules.spans, candidate);
      if (placesLeft > 0) times.push(openTimeOf(candidate, placesLeft));
    }
    if (times.length > 0) days.push({ date: isoDate(date), times });
  }
  return days;
}

/** Whether `startsAt` is open by the rules openTimes follows, and if not, why (the store's check when it books). */
export function checkOpenTime(input: OpenTimesInput & { startsAt: string }): OpenTimeCheck {
  const start = Date.parse(input.startsAt);
  if (!Number.isFinite(start)) return { ok: false, reason: 'invalid' };
  const rules = rulesOf(input);
  const local = DateTime.fromMillis(start, { zone: rules.zone });
  const candidate = dayCandidates(input.settings, rules.zone, calendarDate(local), rules.closedDates).find((offered) => offered.start === start);
  if (!candidate) return { ok: false, reason: 'not_offered' };
  if (start < rules.earliest) return { ok: false, reason: 'too_soon' };
  if (start > rules.latest) return { ok: false, reason: 'too_far' };
  const placesLeft = placesLeftAt(input.settings, rules.spans, candidate);
  if (placesLeft <= 0) return { ok: false, reason: 'full' };
  return { ok: true, time: openTimeOf(candidate, placesLeft) };
}

/** Whether `startsAt` is one of the open times (see checkOpenTime for the reason it is not). */
export function isOpenTime(input: OpenTimesInput & { startsAt: string }): boolean {
  return checkOpenTime(input).ok;
}

/** A day as the booking page heads it: "Saturday, March 7". */
export function formatDayLabel(date: string): string {
  const day = DateTime.fromISO(date, { zone: 'utc' });
  if (!day.isValid || !/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new RangeError(`Not a date (YYYY-MM-DD): ${date}`);
  return day.setLocale(LOCALE).toFormat('cccc, LLLL d');
}

/** A start's wall-clock time in the zone: "10:00 AM". */
export function formatTimeLabel(startsAt: string, timeZone: string): string {
  return localOf(startsAt, timeZone).toFormat('h:mm a');
}

/** The zone's name as the page labels the times with it: "Eastern Time", "United Kingdom Time" (never an offset). */
export function timeZoneLabel(timeZone: string, at: Date = new Date()): string {
  zoneOf(timeZone);
  const nameOf = (style: 'longGeneric' | 'long') =>
    new Intl.DateTimeFormat(LOCALE, { timeZone, timeZoneName: style }).formatToParts(at).find((part) => part.type === 'timeZoneName')?.value;
  const generic = nameOf('longGeneric');
  // A zone with no generic name (UTC) is given as an offset there ("GMT+00:00"); its long name reads better.
  return generic && !/^GMT/.test(generic) ? generic : (nameOf('long') ?? timeZone);
}

/** One tour's time in full, for a confirmation: "Saturday, March 13, 2027, 10:00 AM Eastern Time". */
export function formatTourWhen(startsAt: string, timeZone: string): string {
  const local = localOf(startsAt, timeZone);
  return `${local.toFormat('cccc, LLLL d, yyyy, h:mm a')} ${timeZoneLabel(timeZone, local.toJSDate())}`;
}

const localOf = (startsAt: string, timeZone: string): DateTime => {
  const local = DateTime.fromISO(startsAt, { zone: zoneOf(timeZone) }).setLocale(LOCALE);
  if (!local.isValid) throw new RangeError(`Not an instant: ${startsAt}`);
  return local;
};
