/**
 * Every invitation read back with ical.js, the parser Thunderbird uses: what a calendar would make of it, down to
 * the UTC instant its DTSTART and DTEND stand for under the VTIMEZONE the file itself carries.
 */
import ICAL from 'ical.js';
import { tourGuest, tourInvitation, tourOrganizer, type InvitationMethod } from '@/lib/tours/invitation';
import type { TourNotice } from '@/lib/tours/types';
import { noticeOf, tourAt } from '../../support/tours';

const options = {
  organizer: { name: 'Aldercrest Estates', email: 'leads@aldercrest.example' },
  location: 'Aldercrest Estates, Sales Gallery; 1 Alder Way',
  siteHost: 'aldercrest.example',
};

/** What a calendar reads from the text: the calendar, its one event, and the event's times as UTC instants. */
function read(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent');
  expect(events).toHaveLength(1);
  const event = events[0]!;
  const zones = calendar.getAllSubcomponents('vtimezone');
  const instant = (name: 'dtstart' | 'dtend') => {
    const property = event.getFirstProperty(name)!;
    const time = (property.getFirstValue() as ICAL.Time).clone();
    const tzid = property.getParameter('tzid') as string | undefined;
    if (tzid) {
      // The zone of the time is the VTIMEZONE of the same file, and nothing else (no zone database of the parser's).
      const definition = zones.find((zone) => zone.getFirstPropertyValue('tzid') === tzid);
      expect(definition).toBeDefined();
      time.zone = new ICAL.Timezone(definition!);
    }
    return { tzid: tzid ?? null, wallClock: time.toString(), iso: new Date(time.toUnixTime() * 1000).toISOString() };
  };
  const attendees = event.getAllProperties('attendee').map((attendee) => ({
    cn: attendee.getParameter('cn'),
    address: String(attendee.getFirstValue()).toLowerCase(),
    rsvp: attendee.getParameter('rsvp'),
  }));
  const organizer = event.getFirstProperty('organizer')!;
  return {
    method: calendar.getFirstPropertyValue('method'),
    zones: zones.map((zone) => zone.getFirstPropertyValue('tzid')),
    uid: event.getFirstPropertyValue('uid'),
    sequence: event.getFirstPropertyValue('sequence'),
    status: event.getFirstPropertyValue('status'),
    summary: event.getFirstPropertyValue('summary'),
    location: event.getFirstPropertyValue('location'),
    description: String(event.getFirstPropertyValue('description') ?? ''),
    organizer: { cn: organizer.getParameter('cn'), address: String(organizer.getFirstValue()).toLowerCase() },
    attendees,
    stamp: event.getFirstPropertyValue('dtstamp') as ICAL.Time,
    start: instant('dtstart'),
    end: instant('dtend'),
  };
}

/** The wall-clock time of an instant in a zone, as ical.js writes a local time. */
function wallClock(iso: string, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(iso))
      .map(({ type, value }) => [type, value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}

const invite = (notice: TourNotice, method: InvitationMethod = 'REQUEST', extra: Partial<typeof options> & { inboxUrl?: string } = {}) =>
  read(tourInvitation(notice, method, { ...options, ...extra }));

describe('tourInvitation', () => {
  test('a booked tour: an invitation from the sales team to the buyer, in the site zone, with the link to move or cancel it', () => {
    const tour = tourAt('2026-07-14T14:00:00.000Z');
    const text = tourInvitation(noticeOf(tour), 'REQUEST', options);
    // RFC 5545 lines end in CRLF, none longer than 75 octets.
    expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const read_ = read(text);
    expect(read_).toMatchObject({
      method: 'REQUEST',
      zones: ['America/New_York'],
      uid: `tour-${tour.id}@aldercrest.example`,
      sequence: 0,
      status: 'CONFIRMED',
      summary: 'Private tour of Aldercrest Estates',
      location: 'Aldercrest Estates, Sales Gallery; 1 Alder Way',
      organizer: { cn: 'Aldercrest Estates', address: 'mailto:leads@aldercrest.example' },
      attendees: [{ cn: 'Eleanor Whitfield', address: 'mailto:eleanor@example.com', rsvp: 'TRUE' }],
      start: { tzid: 'America/New_York', wallClock: '2026-07-14T10:00:00', iso: '2026-07-14T14:00:00.000Z' },
      end: { tzid: 'America/New_York', wallClock: '2026-07-14T11:30:00', iso: '2026-07-14T15:30:00.000Z' },
    });
    expect(read_.description).toContain('with Ava Laurent');
    expect(read_.description).toContain('https://aldercrest.example/tour/manage/abc123');
    // DTSTAMP is a UTC time, as RFC 5545 requires.
    expect(read_.stamp.zone?.tzid).toBe('UTC');
    expect(text).toMatch(/\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/);
  });

  // The VTIMEZONE must give the offset the zone really has on the day: daylight saving in one season and not the
  // other, the other way round south of the equator, none at all where the zone keeps one offset.
  test.each([
    ['America/New_York', '2026-07-14T14:00:00.000Z', 'summer (EDT, -4)'],
    ['America/New_York', '2026-12-08T15:00:00.000Z', 'winter (EST, -5)'],
    ['America/New_York', '2026-03-09T14:00:00.000Z', 'the day after the spring change'],
    ['America/New_York', '2026-10-31T14:00:00.000Z', 'the day before the autumn change'],
    ['Europe/London', '2026-07-14T09:00:00.000Z', 'summer (BST, +1)'],
    ['Europe/London', '2026-01-13T10:00:00.000Z', 'winter (GMT, 0)'],
    ['Australia/Sydney', '2026-01-13T23:00:00.000Z', 'southern summer (AEDT, +11)'],
    ['Australia/Sydney', '2026-07-14T00:00:00.000Z', 'southern winter (AEST, +10)'],
    ['America/Phoenix', '2026-07-14T17:00:00.000Z', 'no daylight saving (MST, -7)'],
  ])('in %s, %s: DTSTART and DTEND carry the zone and mean the tour\'s own instants (%s)', (timeZone, startsAt) => {
    const tour = tourAt(startsAt);
    const read_ = invite(noticeOf(tour, { timeZone }));
    expect(read_.zones).toEqual([timeZone]);
    expect(read_.start).toEqual({ tzid: timeZone, wallClock: wallClock(tour.startsAt, timeZone), iso: tour.startsAt });
    expect(read_.end).toEqual({ tzid: timeZone, wallClock: wallClock(tour.endsAt, timeZone), iso: tour.endsAt });
  });

  test('a zone with no VTIMEZONE known is written in UTC rather than with a TZID no calendar can resolve', () => {
    const tour = tourAt('2026-07-14T16:00:00.000Z');
    const read_ = invite(noticeOf(tour, { timeZone: 'America/Ciudad_Juarez' }));
    expect(read_.zones).toEqual([]);
    expect(read_.start).toEqual({ tzid: null, wallClock: '2026-07-14T16:00:00Z', iso: tour.startsAt });
    expect(read_.end.iso).toBe(tour.endsAt);
  });

  test('a moved tour keeps its UID and raises its SEQUENCE, so a calendar replaces the event it has', () => {
    const booked = tourAt('2026-07-14T14:00:00.000Z');
    const moved = { ...booked, startsAt: '2026-07-16T18:00:00.000Z', endsAt: '2026-07-16T19:30:00.000Z', sequence: 1 };
    const first = invite(noticeOf(booked));
    const second = invite(noticeOf(moved));
    expect(second.method).toBe('REQUEST');
    expect(second.uid).toBe(first.uid);
    expect(second.sequence).toBe(1);
    expect(Number(second.sequence)).toBeGreaterThan(Number(first.sequence));
    expect(second.start).toEqual({ tzid: 'America/New_York', wallClock: '2026-07-16T14:00:00', iso: '2026-07-16T18:00:00.000Z' });
    expect(second.end).toEqual({ tzid: 'America/New_York', wallClock: '2026-07-16T15:30:00', iso: '2026-07-16T19:30:00.000Z' });
  });

  test('a cancelled tour: METHOD:CANCEL and STATUS:CANCELLED under the same UID, a higher SEQUENCE, no link to move it', () => {
    const booked = tourAt('2026-07-14T14:00:00.000Z');
    const cancelled = { ...booked, status: 'cancelled' as const, sequence: 2 };
    const first = invite(noticeOf(booked));
    const cancel = invite(noticeOf(cancelled), 'CANCEL');
    expect(cancel).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', uid: first.uid, sequence: 2 });
    expect(cancel.attendees).toEqual([{ cn: 'Eleanor Whitfield', address: 'mailto:eleanor@example.com', rsvp: 'FALSE' }]);
    expect(cancel.start.iso).toBe(booked.startsAt);
    expect(cancel.description).not.toContain('/tour/manage/');
  });

  test('a tour a broker booked invites the broker, not their client', () => {
    const notice = noticeOf(tourAt('2026-07-14T14:00:00.000Z', 90, { brokerId: 'broker-1' }), {
      broker: { name: 'Marcus Hale', email: 'marcus@hale.realty' },
    });
    expect(tourGuest(notice)).toEqual({ name: 'Marcus Hale', email: 'marcus@hale.realty' });
    expect(invite(notice).attendees).toEqual([{ cn: 'Marcus Hale', address: 'mailto:marcus@hale.realty', rsvp: 'TRUE' }]);
  });

  test('the host\'s copy points at the lead in the inbox and leaves out the buyer\'s own link', () => {
    const read_ = invite(noticeOf(tourAt('2026-07-14T14:00:00.000Z')), 'REQUEST', { inboxUrl: 'https://aldercrest.example/admin/leads/b0a1' });
    expect(read_.description).toContain('Eleanor Whitfield');
    expect(read_.description).toContain('https://aldercrest.example/admin/leads/b0a1');
    expect(read_.description).not.toContain('/tour/manage/');
  });

  test('names with quotes, commas and line breaks stay one well-formed parameter', () => {
    const notice = noticeOf(tourAt('2026-07-14T14:00:00.000Z'), { buyer: { name: 'Whitfield, Eleanor "Nell"\r\nBCC: x', email: 'eleanor@example.com' } });
    const read_ = invite(notice, 'REQUEST', { organizer: tourOrganizer({ name: '', address: 'leads@aldercrest.example' }) });
    expect(read_.attendees).toEqual([{ cn: "Whitfield, Eleanor 'Nell' BCC: x", address: 'mailto:eleanor@example.com', rsvp: 'TRUE' }]);
    expect(read_.organizer).toEqual({ cn: 'Aldercrest Estates sales team', address: 'mailto:leads@aldercrest.example' });
  });
});
