import fc from 'fast-check';
import { teamDate, teamDay, teamTime } from '@/lib/admin/time';

const ZONES = ['America/New_York', 'America/Los_Angeles', 'Europe/London', 'Asia/Kolkata', 'Australia/Lord_Howe', 'UTC'];

/** The moment written with formats made afresh for it: what the kept formats must agree with. */
function madeAfresh(iso: string, timeZone: string): string {
  const at = new Date(iso);
  const moment = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(at);
  const zone = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }).formatToParts(at).find((part) => part.type === 'timeZoneName')?.value;
  return `${moment} ${zone}`;
}

describe('teamTime', () => {
  it('writes any moment in any of several zones as formats made afresh would, whatever zones came before', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1990-01-01'), max: new Date('2090-01-01'), noInvalidDate: true }), fc.constantFrom(...ZONES), (at, zone) => {
        expect(teamTime(at.toISOString(), zone)).toBe(madeAfresh(at.toISOString(), zone));
      }),
    );
  });

  it('names the zone as it stands on that day, either side of a change of clocks', () => {
    expect(teamTime('2026-03-08T06:59:00Z', 'America/New_York')).toBe('Mar 8, 2026, 1:59 AM EST');
    expect(teamTime('2026-03-08T07:00:00Z', 'America/New_York')).toBe('Mar 8, 2026, 3:00 AM EDT');
  });

  it('refuses an unknown zone every time, not only the first', () => {
    expect(() => teamTime('2026-03-08T07:00:00Z', 'Nowhere/At_All')).toThrow(RangeError);
    expect(() => teamTime('2026-03-08T07:00:00Z', 'Nowhere/At_All')).toThrow(RangeError);
  });
});

describe('teamDate', () => {
  it('writes the calendar date it is given, in no zone', () => {
    expect(teamDate('2026-12-31')).toBe('Dec 31, 2026');
    expect(teamDate('2024-02-29')).toBe('Feb 29, 2024');
  });
});

describe('teamDay', () => {
  it("gives the day the moment falls on in the team's zone, not in UTC", () => {
    expect(teamDay('2026-12-01T03:30:00Z', 'America/Los_Angeles')).toBe('Nov 30, 2026');
    expect(teamDay('2026-12-01T03:30:00Z', 'Asia/Kolkata')).toBe('Dec 1, 2026');
    expect(teamDay('2026-12-01T03:30:00Z', 'America/Los_Angeles')).toBe('Nov 30, 2026');
  });
});
