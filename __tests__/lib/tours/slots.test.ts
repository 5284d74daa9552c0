import {
  checkOpenTime,
  formatDayLabel,
  formatTimeLabel,
  formatTourWhen,
  isOpenTime,
  openTimes,
  timeZoneLabel,
  type OpenDay,
  type OpenTimesInput,
} from '@/lib/tours/slots';
import { DEFAULT_TOUR_SETTINGS, type BookedSpan, type TourSettings, type Weekday } from '@/lib/tours/types';

const NEW_YORK = 'America/New_York';
const LONDON = 'Europe/London';
const SYDNEY = 'Australia/Sydney';

const everyDay = (open: string, close: string): TourSettings['hours'] =>
  Object.fromEntries(([1, 2, 3, 4, 5, 6, 7] as Weekday[]).map((day) => [day, { open, close }]));

const input = (overrides: Partial<OpenTimesInput> & { now: Date }): OpenTimesInput => ({
  settings: DEFAULT_TOUR_SETTINGS,
  booked: [],
  timeZone: NEW_YORK,
  ...overrides,
});

const dayOf = (days: OpenDay[], date: string) => days.find((day) => day.date === date);
const startsOn = (days: OpenDay[], date: string) => dayOf(days, date)?.times.map((time) => time.startsAt) ?? [];
const labelsOn = (days: OpenDay[], date: string, zone: string) =>
  dayOf(days, date)?.times.map((time) => formatTimeLabel(time.startsAt, zone)) ?? [];
const HOUR = 3_600_000;

describe('the issue’s defaults', () => {
  // Monday 2027-03-01, 07:00 in New York (EST, UTC−5): the first open day is Tuesday, after 24 hours' notice.
  const now = new Date('2027-03-01T12:00:00Z');
  const days = openTimes(input({ now }));

  test('offer 10:00, 12:00 and 14:00 (90 minutes and 30 between), Monday to Saturday, each with its one place', () => {
    expect(startsOn(days, '2027-03-03')).toEqual(['2027-03-03T15:00:00.000Z', '2027-03-03T17:00:00.000Z', '2027-03-03T19:00:00.000Z']);
    expect(dayOf(days, '2027-03-03')!.times.map((time) => time.endsAt)).toEqual([
      '2027-03-03T16:30:00.000Z',
      '2027-03-03T18:30:00.000Z',
      '2027-03-03T20:30:00.000Z',
    ]);
    for (const day of days) {
      expect(labelsOn(days, day.date, NEW_YORK)).toEqual(['10:00 AM', '12:00 PM', '2:00 PM']);
      expect(day.times.every((time) => time.placesLeft === 1)).toBe(true);
    }
  });

  test('none on Sunday, and every other day up to the horizon', () => {
    const weekdays = days.map((day) => formatDayLabel(day.date).split(',')[0]);
    expect(weekdays).not.toContain('Sunday');
    // 2027-03-02 … 2027-03-30, less the four Sundays: today's times are all within the 24 hours' notice, and the
    // horizon is 07:00 on 2027-03-31, before its first tour.
    expect(days.map((day) => day.date)).toEqual(
      Array.from({ length: 29 }, (_, index) => `2027-03-${String(index + 2).padStart(2, '0')}`).filter(
        (date) => !['2027-03-07', '2027-03-14', '2027-03-21', '2027-03-28'].includes(date),
      ),
    );
    expect(checkOpenTime({ ...input({ now }), startsAt: '2027-03-07T15:00:00.000Z' })).toEqual({ ok: false, reason: 'not_offered' });
  });

  test('a start between the offered ones, or unreadable, is not open', () => {
    expect(checkOpenTime({ ...input({ now }), startsAt: '2027-03-03T16:00:00.000Z' })).toEqual({ ok: false, reason: 'not_offered' });
    expect(checkOpenTime({ ...input({ now }), startsAt: 'next Wednesday' })).toEqual({ ok: false, reason: 'invalid' });
    expect(checkOpenTime({ ...input({ now }), startsAt: '2027-03-03T15:00:00.000Z' })).toEqual({
      ok: true,
      time: { startsAt: '2027-03-03T15:00:00.000Z', endsAt: '2027-03-03T16:30:00.000Z', placesLeft: 1 },
    });
  });
});

describe('least notice', () => {
  // Tuesday 2027-03-02 at 10:00 EST: Wednesday's 10:00 is exactly 24 hours away.
  const edge = new Date('2027-03-02T15:00:00Z');

  test('a start exactly least notice away is open', () => {
    expect(startsOn(openTimes(input({ now: edge })), '2027-03-03')[0]).toBe('2027-03-03T15:00:00.000Z');
    expect(isOpenTime({ ...input({ now: edge }), startsAt: '2027-03-03T15:00:00.000Z' })).toBe(true);
  });

  test('a millisecond later it is too soon', () => {
    const later = new Date(edge.getTime() + 1);
    expect(startsOn(openTimes(input({ now: later })), '2027-03-03')).toEqual(['2027-03-03T17:00:00.000Z', '2027-03-03T19:00:00.000Z']);
    expect(checkOpenTime({ ...input({ now: later }), startsAt: '2027-03-03T15:00:00.000Z' })).toEqual({ ok: false, reason: 'too_soon' });
  });

  test('with no notice, today’s later times are open and its earlier ones are not', () => {
    const settings = { ...DEFAULT_TOUR_SETTINGS, leastNoticeHours: 0 };
    expect(startsOn(openTimes(input({ now: edge, settings })), '2027-03-02')).toEqual(['2027-03-02T15:00:00.000Z', '2027-03-02T17:00:00.000Z', '2027-03-02T19:00:00.000Z']);
    const after = new Date('2027-03-02T15:00:00.001Z');
    expect(startsOn(openTimes(input({ now: after, settings })), '2027-03-02')).toEqual(['2027-03-02T17:00:00.000Z', '2027-03-02T19:00:00.000Z']);
  });
});

describe('the horizon', () => {
  // Monday 2027-03-01 at 10:00 EST; thirty calendar days on is Wednesday 2027-03-31 at 10:00 EDT (14:00 UTC, an
  // hour sooner than 30 × 24 hours: the clocks went forward in between).
  const edge = new Date('2027-03-01T15:00:00Z');

  test('a start exactly horizonDays ahead, at the same wall-clock time, is open; none after it', () => {
    const days = openTimes(input({ now: edge }));
    expect(days.at(-1)).toEqual({ date: '2027-03-31', times: [{ startsAt: '2027-03-31T14:00:00.000Z', endsAt: '2027-03-31T15:30:00.000Z', placesLeft: 1 }] });
    expect(checkOpenTime({ ...input({ now: edge }), startsAt: '2027-03-31T16:00:00.000Z' })).toEqual({ ok: false, reason: 'too_far' });
  });

  test('a millisecond sooner, that start is beyond it', () => {
    const sooner = new Date(edge.getTime() - 1);
    expect(openTimes(input({ now: sooner })).at(-1)!.date).toBe('2027-03-30');
    expect(checkOpenTime({ ...input({ now: sooner }), startsAt: '2027-03-31T14:00:00.000Z' })).toEqual({ ok: false, reason: 'too_far' });
  });
});

describe('closed dates', () => {
  const now = new Date('2027-03-01T12:00:00Z');
  const settings = { ...DEFAULT_TOUR_SETTINGS, closedDates: ['2027-03-03', '2027-03-07'] };

  test('a closed date offers nothing, whatever its weekday; the days around it are open', () => {
    const days = openTimes(input({ now, settings }));
    expect(dayOf(days, '2027-03-03')).toBeUndefined();
    expect(startsOn(days, '2027-03-02')).toHaveLength(3);
    expect(startsOn(days, '2027-03-04')).toHaveLength(3);
    expect(checkOpenTime({ ...input({ now, settings }), startsAt: '2027-03-03T15:00:00.000Z' })).toEqual({ ok: false, reason: 'not_offered' });
  });

  test('the date is the site’s: a closed day in Sydney is closed from its midnight there', () => {
    const sydney = { ...DEFAULT_TOUR_SETTINGS, hours: everyDay('00:00', '23:00'), leastNoticeHours: 0, closedDates: ['2027-03-03'] };
    // 2027-03-03 in Sydney (AEDT, UTC+11) runs from 2027-03-02T13:00Z to 2027-03-03T13:00Z.
    const days = openTimes(input({ now, settings: sydney, timeZone: SYDNEY }));
    expect(dayOf(days, '2027-03-03')).toBeUndefined();
    expect(startsOn(days, '2027-03-02').at(-1)).toBe('2027-03-02T09:00:00.000Z');
    expect(startsOn(days, '2027-03-04')[0]).toBe('2027-03-03T13:00:00.000Z');
  });
});

describe('capacity and booked spans', () => {
  const now = new Date('2027-03-01T12:00:00Z');
  const span = (startsAt: string, blockedUntil: string): BookedSpan => ({ startsAt, blockedUntil });
  // Wednesday 10:00 EST booked with today's settings: 90 minutes and 30 after, until 12:00.
  const tenOClock = span('2027-03-03T15:00:00.000Z', '2027-03-03T17:00:00.000Z');

  test('with one place, a booked time is gone and the next one, starting as its buffer ends, is not', () => {
    const days = openTimes(input({ now, booked: [tenOClock] }));
    expect(startsOn(days, '2027-03-03')).toEqual(['2027-03-03T17:00:00.000Z', '2027-03-03T19:00:00.000Z']);
    expect(checkOpenTime({ ...input({ now, booked: [tenOClock] }), startsAt: '2027-03-03T15:00:00.000Z' })).toEqual({ ok: false, reason: 'full' });
  });

  test('a span booked under an older, longer buffer still blocks the time it reaches into', () => {
    // Booked when the buffer was 60 minutes: held until 12:30, over the start of 12:00's tour.
    const older = span('2027-03-03T15:00:00.000Z', '2027-03-03T17:30:00.000Z');
    expect(startsOn(openTimes(input({ now, booked: [older] })), '2027-03-03')).toEqual(['2027-03-03T19:00:00.000Z']);
  });

  test('a span that starts as a time’s tour and buffer end does not take its place', () => {
    // 12:00 booked elsewhere; the 10:00 tour and its buffer end exactly then.
    const noon = span('2027-03-03T17:00:00.000Z', '2027-03-03T19:00:00.000Z');
    expect(startsOn(openTimes(input({ now, booked: [noon] })), '2027-03-03')).toEqual(['2027-03-03T15:00:00.000Z', '2027-03-03T19:00:00.000Z']);
    // One booked over the 10:00 tour's buffer alone (11:45, moved in by hand) does.
    const late = span('2027-03-03T16:45:00.000Z', '2027-03-03T17:00:00.000Z');
    expect(startsOn(openTimes(input({ now, booked: [late] })), '2027-03-03')).toEqual(['2027-03-03T17:00:00.000Z', '2027-03-03T19:00:00.000Z']);
  });

  test('with two places, one booking leaves one place and two leave none', () => {
    const settings = { ...DEFAULT_TOUR_SETTINGS, capacity: 2 };
    const once = openTimes(input({ now, settings, booked: [tenOClock] }));
    expect(dayOf(once, '2027-03-03')!.times.map((time) => time.placesLeft)).toEqual([1, 2, 2]);
    expect(checkOpenTime({ ...input({ now, settings, booked: [tenOClock] }), startsAt: '2027-03-03T15:00:00.000Z' })).toMatchObject({
      ok: true,
      time: { placesLeft: 1 },
    });
    const twice = openTimes(input({ now, settings, booked: [tenOClock, { ...tenOClock }] }));
    expect(startsOn(twice, '2027-03-03')).toEqual(['2027-03-03T17:00:00.000Z', '2027-03-03T19:00:00.000Z']);
  });

  test('a day fully booked is left out', () => {
    const booked = ['15', '17', '19'].map((hour) => span(`2027-03-03T${hour}:00:00.000Z`, `2027-03-03T${Number(hour) + 2}:00:00.000Z`));
    expect(dayOf(openTimes(input({ now, booked })), '2027-03-03')).toBeUndefined();
  });

  test('a span that cannot be read is refused rather than freeing its time', () => {
    expect(() => openTimes(input({ now, booked: [span('soon', '2027-03-03T17:00:00.000Z')] }))).toThrow(RangeError);
  });
});

describe('daylight-saving changes', () => {
  const open = (zone: string, now: string, hours: TourSettings['hours'], extra: Partial<TourSettings> = {}) =>
    openTimes(input({ now: new Date(now), timeZone: zone, settings: { ...DEFAULT_TOUR_SETTINGS, hours, leastNoticeHours: 0, ...extra } }));
  const short = { tourMinutes: 30, bufferMinutes: 0 };

  describe('America/New_York', () => {
    test('spring forward (2027-03-14): 10:00 stays 10:00, an hour sooner in UTC', () => {
      const days = open(NEW_YORK, '2027-03-12T12:00:00Z', everyDay('10:00', '17:00'));
      for (const date of ['2027-03-13', '2027-03-14', '2027-03-15']) expect(labelsOn(days, date, NEW_YORK)).toEqual(['10:00 AM', '12:00 PM', '2:00 PM']);
      expect(startsOn(days, '2027-03-13')[0]).toBe('2027-03-13T15:00:00.000Z');
      expect(startsOn(days, '2027-03-14')[0]).toBe('2027-03-14T14:00:00.000Z');
      expect(Date.parse(startsOn(days, '2027-03-14')[0]!) - Date.parse(startsOn(days, '2027-03-13')[0]!)).toBe(23 * HOUR);
    });

    test('fall back (2027-11-07): 10:00 stays 10:00, an hour later in UTC', () => {
      const days = open(NEW_YORK, '2027-11-05T12:00:00Z', everyDay('10:00', '17:00'));
      for (const date of ['2027-11-06', '2027-11-07', '2027-11-08']) expect(labelsOn(days, date, NEW_YORK)).toEqual(['10:00 AM', '12:00 PM', '2:00 PM']);
      expect(startsOn(days, '2027-11-06')[0]).toBe('2027-11-06T14:00:00.000Z');
      expect(startsOn(days, '2027-11-07')[0]).toBe('2027-11-07T15:00:00.000Z');
      expect(Date.parse(startsOn(days, '2027-11-07')[0]!) - Date.parse(startsOn(days, '2027-11-06')[0]!)).toBe(25 * HOUR);
    });

    test('01:00–03:00 on the spring-forward day: the skipped 02:00 and 02:30 are not offered; 01:30 ends at 03:00 EDT', () => {
      const days = open(NEW_YORK, '2027-03-12T12:00:00Z', everyDay('01:00', '03:00'), short);
      expect(labelsOn(days, '2027-03-13', NEW_YORK)).toEqual(['1:00 AM', '1:30 AM', '2:00 AM', '2:30 AM']);
      expect(startsOn(days, '2027-03-14')).toEqual(['2027-03-14T06:00:00.000Z', '2027-03-14T06:30:00.000Z']);
      expect(dayOf(days, '2027-03-14')!.times.at(-1)!.endsAt).toBe('2027-03-14T07:00:00.000Z');
      // The day has one real hour: a 90-minute tour from 01:00 would end at 04:30 by the clock.
      expect(dayOf(open(NEW_YORK, '2027-03-12T12:00:00Z', everyDay('01:00', '03:00')), '2027-03-14')).toBeUndefined();
    });

    test('01:00–03:00 on the fall-back day: 01:00 and 01:30 are offered once, at their first (EDT) occurrence', () => {
      const days = open(NEW_YORK, '2027-11-05T12:00:00Z', everyDay('01:00', '03:00'), short);
      // 01:00 EDT, 01:30 EDT, then 02:00 and 02:30 EST; the second 01:00 and 01:30 (06:00Z, 06:30Z) are not.
      expect(startsOn(days, '2027-11-07')).toEqual(['2027-11-07T05:00:00.000Z', '2027-11-07T05:30:00.000Z', '2027-11-07T07:00:00.000Z', '2027-11-07T07:30:00.000Z']);
      expect(labelsOn(days, '2027-11-07', NEW_YORK)).toEqual(['1:00 AM', '1:30 AM', '2:00 AM', '2:30 AM']);
      const check = { ...input({ now: new Date('2027-11-05T12:00:00Z'), timeZone: NEW_YORK, settings: { ...DEFAULT_TOUR_SETTINGS, hours: everyDay('01:00', '03:00'), leastNoticeHours: 0, ...short } }) };
      expect(checkOpenTime({ ...check, startsAt: '2027-11-07T06:00:00.000Z' })).toEqual({ ok: false, reason: 'not_offered' });
      expect(isOpenTime({ ...check, startsAt: '2027-11-07T05:00:00.000Z' })).toBe(true);
      // With the defaults, 01:00 EDT's 90 minutes end at 01:30 EST, within the day's three real hours; 03:00 is closing.
      expect(startsOn(open(NEW_YORK, '2027-11-05T12:00:00Z', everyDay('01:00', '03:00')), '2027-11-07')).toEqual(['2027-11-07T05:00:00.000Z']);
    });

    test('labels say the zone by name, whichever side of the change', () => {
      expect(timeZoneLabel(NEW_YORK, new Date('2027-03-13T15:00:00Z'))).toBe('Eastern Time');
      expect(timeZoneLabel(NEW_YORK, new Date('2027-03-15T14:00:00Z'))).toBe('Eastern Time');
      expect(formatTourWhen('2027-03-14T14:00:00.000Z', NEW_YORK)).toBe('Sunday, March 14, 2027, 10:00 AM Eastern Time');
      expect(formatDayLabel('2027-03-07')).toBe('Sunday, March 7');
    });
  });

  describe('Europe/London (the clocks change at 01:00 UTC)', () => {
    test('spring forward (2027-03-28) and fall back (2027-10-31): 10:00 stays 10:00 local', () => {
      const spring = open(LONDON, '2027-03-26T12:00:00Z', everyDay('10:00', '17:00'));
      expect(startsOn(spring, '2027-03-27')[0]).toBe('2027-03-27T10:00:00.000Z');
      expect(startsOn(spring, '2027-03-28')[0]).toBe('2027-03-28T09:00:00.000Z');
      const autumn = open(LONDON, '2027-10-29T12:00:00Z', everyDay('10:00', '17:00'));
      expect(startsOn(autumn, '2027-10-30')[0]).toBe('2027-10-30T09:00:00.000Z');
      expect(startsOn(autumn, '2027-10-31')[0]).toBe('2027-10-31T10:00:00.000Z');
      for (const [days, date] of [[spring, '2027-03-28'], [autumn, '2027-10-31']] as const) expect(labelsOn(days, date, LONDON)).toEqual(['10:00 AM', '12:00 PM', '2:00 PM']);
      expect(timeZoneLabel(LONDON)).toBe('United Kingdom Time');
    });

    test('01:00–03:00: 01:00 and 01:30 do not exist on 2027-03-28, and are first-occurrence BST on 2027-10-31', () => {
      expect(startsOn(open(LONDON, '2027-03-26T12:00:00Z', everyDay('01:00', '03:00'), short), '2027-03-28')).toEqual(['2027-03-28T01:00:00.000Z', '2027-03-28T01:30:00.000Z']);
      expect(startsOn(open(LONDON, '2027-10-29T12:00:00Z', everyDay('01:00', '03:00'), short), '2027-10-31')).toEqual([
        '2027-10-31T00:00:00.000Z',
        '2027-10-31T00:30:00.000Z',
        '2027-10-31T02:00:00.000Z',
        '2027-10-31T02:30:00.000Z',
      ]);
    });
  });

  describe('Australia/Sydney (summer time from October to April)', () => {
    test('fall back (2027-04-04) and spring forward (2027-10-03): 10:00 stays 10:00 local, the other way about', () => {
      const autumn = open(SYDNEY, '2027-04-01T12:00:00Z', everyDay('10:00', '17:00'));
      expect(startsOn(autumn, '2027-04-03')[0]).toBe('2027-04-02T23:00:00.000Z');
      expect(startsOn(autumn, '2027-04-04')[0]).toBe('2027-04-04T00:00:00.000Z');
      const spring = open(SYDNEY, '2027-09-30T12:00:00Z', everyDay('10:00', '17:00'));
      expect(startsOn(spring, '2027-10-02')[0]).toBe('2027-10-02T00:00:00.000Z');
      // Sunday 10:00 in Sydney is still Saturday in UTC: the day is the site's.
      expect(startsOn(spring, '2027-10-03')[0]).toBe('2027-10-02T23:00:00.000Z');
      for (const [days, date] of [[autumn, '2027-04-04'], [spring, '2027-10-03']] as const) expect(labelsOn(days, date, SYDNEY)).toEqual(['10:00 AM', '12:00 PM', '2:00 PM']);
      expect(timeZoneLabel(SYDNEY)).toBe('Australian Eastern Time');
    });

    test('01:00–03:00: 02:00 and 02:30 are skipped on 2027-10-03, and first-occurrence AEDT on 2027-04-04', () => {
      expect(startsOn(open(SYDNEY, '2027-09-30T12:00:00Z', everyDay('01:00', '03:00'), short), '2027-10-03')).toEqual(['2027-10-02T15:00:00.000Z', '2027-10-02T15:30:00.000Z']);
      // 02:00 and 02:30 AEDT; the repeated 02:00 and 02:30 AEST (16:00Z, 16:30Z) are not offered. Closing is 03:00 AEST.
      expect(startsOn(open(SYDNEY, '2027-04-01T12:00:00Z', everyDay('01:00', '03:00'), short), '2027-04-04')).toEqual([
        '2027-04-03T14:00:00.000Z',
        '2027-04-03T14:30:00.000Z',
        '2027-04-03T15:00:00.000Z',
        '2027-04-03T15:30:00.000Z',
      ]);
    });
  });
});

describe('labels', () => {
  test('a day and a time in the zone', () => {
    expect(formatDayLabel('2026-03-07')).toBe('Saturday, March 7');
    expect(formatTimeLabel('2027-03-03T19:00:00.000Z', NEW_YORK)).toBe('2:00 PM');
    expect(formatTimeLabel('2027-03-03T19:00:00.000Z', LONDON)).toBe('7:00 PM');
    expect(timeZoneLabel('UTC')).toBe('Coordinated Universal Time');
    expect(() => formatDayLabel('2027-02-30')).toThrow(RangeError);
    expect(() => timeZoneLabel('Mars/Olympus_Mons')).toThrow(RangeError);
  });
});
