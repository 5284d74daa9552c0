import fc from 'fast-check';
import { DateTime } from 'luxon';
import { checkOpenTime, openTimes, type OpenTimesInput } from '@/lib/tours/slots';
import type { BookedSpan, TourSettings, Weekday } from '@/lib/tours/types';

// Zones whose changes go either way, by an hour or half of one, at night or at midnight, and two that never change.
const ZONES = ['America/New_York', 'Europe/London', 'Australia/Sydney', 'Australia/Lord_Howe', 'America/Santiago', 'Asia/Kolkata', 'UTC'];
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const hhmm = (fiveMinutes: number) => `${String(Math.floor(fiveMinutes / 12)).padStart(2, '0')}:${String((fiveMinutes % 12) * 5).padStart(2, '0')}`;
const minutesOfDay = (local: DateTime) => local.hour * 60 + local.minute;
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

const hoursArbitrary = fc
  .integer({ min: 0, max: 286 })
  .chain((open) => fc.integer({ min: open + 1, max: 287 }).map((close) => ({ open: hhmm(open), close: hhmm(close) })));

const caseArbitrary = fc
  .record({
    timeZone: fc.constantFrom(...ZONES),
    now: fc.date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2029-12-31T00:00:00Z'), noInvalidDate: true }),
    hours: fc.array(fc.option(hoursArbitrary, { nil: null }), { minLength: 7, maxLength: 7 }),
    tourMinutes: fc.integer({ min: 30, max: 240 }),
    bufferMinutes: fc.integer({ min: 0, max: 120 }),
    capacity: fc.integer({ min: 1, max: 3 }),
    leastNoticeHours: fc.integer({ min: 0, max: 336 }),
    horizonDays: fc.integer({ min: 1, max: 180 }),
    closedDayOffsets: fc.uniqueArray(fc.integer({ min: 0, max: 190 }), { maxLength: 40 }),
    spans: fc.array(fc.record({ quarter: fc.integer({ min: -100, max: 190 * 96 }), minutes: fc.integer({ min: 15, max: 480 }) }), { maxLength: 30 }),
    probes: fc.array(fc.integer({ min: -12, max: 190 * 24 * 12 }), { maxLength: 60 }),
  })
  .map((drawn) => {
    const start = DateTime.fromJSDate(drawn.now, { zone: drawn.timeZone });
    const settings: TourSettings = {
      hours: Object.fromEntries(drawn.hours.map((hours, index) => [index + 1, hours])) as TourSettings['hours'],
      tourMinutes: drawn.tourMinutes,
      bufferMinutes: drawn.bufferMinutes,
      capacity: drawn.capacity,
      leastNoticeHours: drawn.leastNoticeHours,
      horizonDays: drawn.horizonDays,
      closedDates: drawn.closedDayOffsets.map((offset) => start.plus({ days: offset }).toISODate()!),
    };
    // Spans on the quarter hour from the hour before now, so some fall on offered starts and some between them.
    const from = Math.floor(drawn.now.getTime() / HOUR) * HOUR - HOUR;
    const booked: BookedSpan[] = drawn.spans.map(({ quarter, minutes }) => ({
      startsAt: new Date(from + quarter * 15 * MINUTE).toISOString(),
      blockedUntil: new Date(from + quarter * 15 * MINUTE + minutes * MINUTE).toISOString(),
    }));
    const probes = drawn.probes.map((step) => new Date(Math.floor(drawn.now.getTime() / (5 * MINUTE)) * 5 * MINUTE + step * 5 * MINUTE).toISOString());
    return { input: { settings, booked, now: drawn.now, timeZone: drawn.timeZone } satisfies OpenTimesInput, probes };
  });

const RUNS = { numRuns: 60 };

test('every open time is within its day’s hours by the local clock, after least notice, before the horizon, on an open day', () => {
  fc.assert(
    fc.property(caseArbitrary, ({ input }) => {
      const { settings, now, timeZone } = input;
      const horizon = DateTime.fromJSDate(now, { zone: timeZone }).plus({ days: settings.horizonDays }).toMillis();
      let previous = -Infinity;
      for (const day of openTimes(input)) {
        expect(day.times.length).toBeGreaterThan(0);
        expect(settings.closedDates).not.toContain(day.date);
        const weekday = DateTime.fromISO(day.date, { zone: 'utc' }).weekday as Weekday;
        const hours = settings.hours[weekday];
        expect(hours).toBeTruthy();
        for (const time of day.times) {
          const start = Date.parse(time.startsAt);
          const end = Date.parse(time.endsAt);
          expect(start).toBeGreaterThan(previous);
          previous = start;
          expect(end - start).toBe(settings.tourMinutes * MINUTE);
          expect(start).toBeGreaterThanOrEqual(now.getTime() + settings.leastNoticeHours * HOUR);
          expect(start).toBeLessThanOrEqual(horizon);
          const local = DateTime.fromMillis(start, { zone: timeZone });
          expect(local.toISODate()).toBe(day.date);
          // On the step from opening, in wall-clock minutes, and not before it.
          expect((minutesOfDay(local) - minutesOf(hours!.open)) % (settings.tourMinutes + settings.bufferMinutes)).toBe(0);
          expect(minutesOfDay(local)).toBeGreaterThanOrEqual(minutesOf(hours!.open));
          // The whole tour is on that day, before closing by the clock (its half hours and its last moment).
          for (let at = start; at < end; at += 30 * MINUTE) {
            const during = DateTime.fromMillis(at, { zone: timeZone });
            expect(during.toISODate()).toBe(day.date);
            expect(minutesOfDay(during)).toBeLessThan(minutesOf(hours!.close));
          }
          const last = DateTime.fromMillis(end - 1, { zone: timeZone });
          expect(last.toISODate()).toBe(day.date);
          expect(minutesOfDay(last)).toBeLessThan(minutesOf(hours!.close));
        }
      }
    }),
    RUNS,
  );
});

test('no open time overlaps as many booked spans as there are places, and its places left say how many it does', () => {
  fc.assert(
    fc.property(caseArbitrary, ({ input }) => {
      const { settings, booked } = input;
      for (const time of openTimes(input).flatMap((day) => day.times)) {
        const start = Date.parse(time.startsAt);
        const heldUntil = Date.parse(time.endsAt) + settings.bufferMinutes * MINUTE;
        const overlapping = booked.filter((span) => Date.parse(span.startsAt) < heldUntil && Date.parse(span.blockedUntil) > start).length;
        expect(overlapping).toBeLessThan(settings.capacity);
        expect(time.placesLeft).toBe(settings.capacity - overlapping);
      }
    }),
    RUNS,
  );
});

test('a start is open to checkOpenTime exactly when openTimes lists it, with the same places left', () => {
  fc.assert(
    fc.property(caseArbitrary, ({ input, probes }) => {
      const listed = new Map(openTimes(input).flatMap((day) => day.times.map((time) => [time.startsAt, time] as const)));
      const stride = Math.ceil(listed.size / 25);
      // Some 25 of the listed times, the hour either side (a repeated wall-clock time's other occurrence), the spans' starts, and
      // instants on the five minutes from now.
      const candidates = [
        ...[...listed.keys()]
          .filter((_, index) => index % stride === 0)
          .flatMap((startsAt) => [0, -HOUR, HOUR].map((shift) => new Date(Date.parse(startsAt) + shift).toISOString())),
        ...input.booked.map((span) => span.startsAt),
        ...probes,
      ];
      for (const startsAt of candidates) {
        const check = checkOpenTime({ ...input, startsAt });
        expect(check.ok ? check.time : null).toEqual(listed.get(startsAt) ?? null);
      }
    }),
    RUNS,
  );
});
