/**
 * The tour emails as a relay receives them: sent by the site's own mailer to a real SMTP server, parsed by
 * mailparser, and their calendar part read back with ical.js.
 */
import ICAL from 'ical.js';
import { receiptEmail, tourGuestEmail, tourHostEmail, type GuestTourNoticeKind, type MessageBody } from '@/lib/delivery/emails';
import { createSmtpMailer, type Mailer } from '@/lib/delivery/mailer';
import { tourGuest, tourOrganizer } from '@/lib/tours/invitation';
import type { Tour } from '@/lib/tours/types';
import { startRelay, type ReceivedMail, type TestRelay } from '../../support/smtp';
import { noticeOf, tourAt } from '../../support/tours';

const from = { name: 'Aldercrest Estates', address: 'leads@aldercrest.example' };
const options = { organizer: tourOrganizer(from), location: 'Aldercrest Estates, Sales Gallery', siteHost: 'aldercrest.example' };
const inboxUrl = 'https://aldercrest.example/admin/leads/b0a1c2d3-0000-4000-8000-000000000001';

// 10:00 to 11:30 in New York, on a summer day.
const booked = tourAt('2026-07-14T14:00:00.000Z', 90);

/** The words of an HTML body as a reader sees them, with the addresses of its links. */
function readable(html: string | false | undefined): string {
  return String(html)
    .replace(/<a href="([^"]*)"[^>]*>/g, ' $1 ')
    .replace(/<br>/g, '\n')
    .replace(/<[^>]+>/g, '');
}

/** The calendar part as a calendar reads it: the text/calendar alternative, its METHOD, and the event in it. */
function calendarOf(mail: ReceivedMail) {
  const part = mail.parsed.attachments.find((attachment) => attachment.contentType === 'text/calendar');
  expect(part).toBeDefined();
  // The method a mail client acts on is in the part's Content-Type; the same file also goes as invite.ics.
  expect(mail.raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=(REQUEST|CANCEL)/);
  expect(mail.parsed.attachments.some((attachment) => attachment.filename === 'invite.ics')).toBe(true);
  const calendar = new ICAL.Component(ICAL.parse(part!.content.toString('utf8')));
  const event = calendar.getFirstSubcomponent('vevent')!;
  const start = event.getFirstProperty('dtstart')!;
  const zone = calendar.getAllSubcomponents('vtimezone').find((definition) => definition.getFirstPropertyValue('tzid') === start.getParameter('tzid'))!;
  const startTime = (start.getFirstValue() as ICAL.Time).clone();
  startTime.zone = new ICAL.Timezone(zone);
  return {
    contentTypeMethod: /method=(\w+)/.exec(mail.raw)![1],
    method: calendar.getFirstPropertyValue('method'),
    uid: event.getFirstPropertyValue('uid'),
    sequence: event.getFirstPropertyValue('sequence'),
    status: event.getFirstPropertyValue('status'),
    tzid: start.getParameter('tzid'),
    startsAt: new Date(startTime.toUnixTime() * 1000).toISOString(),
    attendees: event.getAllProperties('attendee').map((attendee) => String(attendee.getFirstValue()).toLowerCase()),
    description: String(event.getFirstPropertyValue('description') ?? ''),
  };
}

describe('tour emails through a real SMTP relay', () => {
  let relay: TestRelay;
  let mailer: Mailer;

  beforeAll(async () => {
    relay = await startRelay();
    mailer = createSmtpMailer(relay.url);
  });
  afterAll(async () => {
    mailer.close();
    await relay.stop();
  });
  beforeEach(() => {
    relay.received.length = 0;
  });

  let sequence = 0;
  async function send(body: MessageBody, to: string): Promise<ReceivedMail> {
    const before = relay.received.length;
    await mailer.send({ ...body, from, to: [to], messageId: `<tour-test-${(sequence += 1)}@aldercrest.example>` });
    const [mail] = (await relay.waitFor(before + 1)).slice(before);
    return mail!;
  }

  test('booked, to the buyer: when in the site zone with the zone named, where, with whom, the link to move or cancel, and the invitation', async () => {
    const mail = await send(tourGuestEmail('tour_booked', noticeOf(booked), options), 'eleanor@example.com');
    const { parsed } = mail;
    expect(parsed.subject).toBe('Your private tour of Aldercrest Estates');
    for (const body of [parsed.text!, readable(parsed.html)]) {
      expect(body).toContain('Tuesday, July 14, 2026');
      expect(body).toContain('10:00 AM – 11:30 AM Eastern Daylight Time');
      expect(body).toContain('Aldercrest Estates, Sales Gallery');
      expect(body).toContain('Ava Laurent');
      expect(body).toContain('https://aldercrest.example/tour/manage/abc123');
    }
    expect(parsed.text).toContain('Dear Eleanor Whitfield,');
    expect(calendarOf(mail)).toMatchObject({
      contentTypeMethod: 'REQUEST',
      method: 'REQUEST',
      uid: `tour-${booked.id}@aldercrest.example`,
      sequence: 0,
      status: 'CONFIRMED',
      tzid: 'America/New_York',
      startsAt: booked.startsAt,
      attendees: ['mailto:eleanor@example.com'],
    });
  });

  test('booked, to the host: the buyer and how to reach them, when and where, the lead in the inbox; no link of the buyer\'s', async () => {
    const mail = await send(tourHostEmail('tour_booked', noticeOf(booked), { ...options, inboxUrl }), 'ava@aldercrest.example');
    const { parsed } = mail;
    expect(parsed.subject).toBe('Tour booked: Eleanor Whitfield, Tue, Jul 14, 10:00 AM EDT');
    for (const body of [parsed.text!, readable(parsed.html)]) {
      expect(body).toContain('Eleanor Whitfield');
      expect(body).toContain('eleanor@example.com');
      expect(body).toContain('10:00 AM – 11:30 AM Eastern Daylight Time');
      expect(body).toContain(inboxUrl);
      expect(body).not.toContain('/tour/manage/');
    }
    const calendar = calendarOf(mail);
    expect(calendar).toMatchObject({ method: 'REQUEST', uid: `tour-${booked.id}@aldercrest.example`, startsAt: booked.startsAt });
    expect(calendar.description).toContain(inboxUrl);
    expect(calendar.description).not.toContain('/tour/manage/');
  });

  test('a broker\'s booking: the email and the invitation go to the broker, naming their client; the host sees who booked', async () => {
    const notice = noticeOf(
      { ...booked, brokerId: 'broker-1', registrationId: 'c0ffee00-0000-4000-8000-000000000002' },
      { broker: { name: 'Marcus Hale', email: 'marcus@hale.realty' }, portalUrl: 'https://aldercrest.example/portal/registrations/c0ffee00-0000-4000-8000-000000000002' },
    );
    const guest = tourGuest(notice);
    const toBroker = await send(tourGuestEmail('tour_booked', notice, options), guest.email);
    expect(toBroker.parsed.text).toContain('Dear Marcus Hale,');
    expect(toBroker.parsed.text).toContain('with Eleanor Whitfield is booked');
    expect(calendarOf(toBroker).attendees).toEqual(['mailto:marcus@hale.realty']);
    expect(toBroker.parsed.text).toContain('Move or cancel this tour in the portal: https://aldercrest.example/portal/registrations/c0ffee00-0000-4000-8000-000000000002');
    expect(readable(toBroker.parsed.html)).toContain('https://aldercrest.example/portal/registrations/c0ffee00-0000-4000-8000-000000000002');
    // Never the buyer's own link: that is the buyer's to use.
    expect(toBroker.parsed.text).not.toContain('/tour/manage/');
    expect(toBroker.parsed.html).not.toContain('/tour/manage/');
    const toHost = await send(tourHostEmail('tour_booked', notice, { ...options, inboxUrl }), 'ava@aldercrest.example');
    expect(toHost.parsed.text).toContain('Booked by: Marcus Hale, marcus@hale.realty');
  });

  test('moved: the new time, in winter time now, under the same UID with a higher SEQUENCE', async () => {
    // Moved across the autumn change: 10:00 in New York is now 15:00 UTC.
    const moved: Tour = { ...booked, startsAt: '2026-11-10T15:00:00.000Z', endsAt: '2026-11-10T16:30:00.000Z', sequence: 1 };
    const mail = await send(tourGuestEmail('tour_moved', noticeOf(moved), options), 'eleanor@example.com');
    expect(mail.parsed.subject).toBe('Your private tour of Aldercrest Estates has moved');
    expect(mail.parsed.text).toContain('When: Tuesday, November 10, 2026, 10:00 AM – 11:30 AM Eastern Standard Time');
    expect(calendarOf(mail)).toMatchObject({ method: 'REQUEST', uid: `tour-${booked.id}@aldercrest.example`, sequence: 1, startsAt: moved.startsAt });
    const toHost = await send(tourHostEmail('tour_moved', noticeOf(moved), { ...options, inboxUrl }), 'ava@aldercrest.example');
    expect(toHost.parsed.subject).toBe('Tour moved: Eleanor Whitfield, now Tue, Nov 10, 10:00 AM EST');
    expect(calendarOf(toHost)).toMatchObject({ method: 'REQUEST', sequence: 1 });
  });

  test('cancelled: a CANCEL for the same event, and no button to move a tour that no longer stands', async () => {
    const cancelled: Tour = { ...booked, status: 'cancelled', sequence: 2 };
    const mail = await send(tourGuestEmail('tour_cancelled', noticeOf(cancelled), options), 'eleanor@example.com');
    expect(mail.parsed.subject).toBe('Your private tour of Aldercrest Estates is cancelled');
    expect(mail.parsed.text).toContain('Tuesday, July 14, 2026');
    expect(mail.parsed.text).not.toContain('/tour/manage/');
    expect(mail.parsed.html).not.toContain('/tour/manage/');
    expect(calendarOf(mail)).toMatchObject({
      contentTypeMethod: 'CANCEL',
      method: 'CANCEL',
      status: 'CANCELLED',
      uid: `tour-${booked.id}@aldercrest.example`,
      sequence: 2,
    });
    const toHost = await send(tourHostEmail('tour_cancelled', noticeOf(cancelled), { ...options, inboxUrl }), 'ava@aldercrest.example');
    expect(toHost.parsed.subject).toBe('Tour cancelled: Eleanor Whitfield, Tue, Jul 14, 10:00 AM EDT');
    expect(calendarOf(toHost)).toMatchObject({ method: 'CANCEL', status: 'CANCELLED' });
  });

  test('to a host the team replaced: who hosts it now, and the invitation that takes the tour out of their calendar', async () => {
    const handedOver = noticeOf(booked, { host: { name: 'Lena Brooks', email: 'lena@aldercrest.example' }, hostNow: { name: 'Ava Laurent', email: 'ava@aldercrest.example' } });
    const mail = await send(tourHostEmail('tour_released', handedOver, { ...options, inboxUrl }), 'lena@aldercrest.example');
    expect(mail.parsed.subject).toBe('Tour reassigned: Eleanor Whitfield, Tue, Jul 14, 10:00 AM EDT');
    expect(mail.parsed.text).toContain('You no longer host this private tour');
    expect(mail.parsed.text).toContain('Now hosted by: Ava Laurent');
    expect(mail.parsed.text).not.toContain('Host: ');
    expect(mail.parsed.text).toContain('The calendar update attached to this email takes the tour out of your calendar.');
    expect(readable(mail.parsed.html)).toContain('Now hosted by');
    // The tour's own UID and sequence: the calendar withdraws the event it holds.
    expect(calendarOf(mail)).toMatchObject({ contentTypeMethod: 'CANCEL', method: 'CANCEL', status: 'CANCELLED', uid: `tour-${booked.id}@aldercrest.example`, sequence: 0 });

    const toNobody = await send(tourHostEmail('tour_released', { ...handedOver, hostNow: null }, { ...options, inboxUrl }), 'lena@aldercrest.example');
    expect(toNobody.parsed.text).toContain('Now hosted by: Not assigned yet');
  });

  test('the reminder, a day ahead, with its day and time and the invitation as it stands', async () => {
    const mail = await send(tourGuestEmail('tour_reminder', noticeOf(booked), options), 'eleanor@example.com');
    expect(mail.parsed.subject).toBe('A reminder of your private tour of Aldercrest Estates');
    expect(mail.parsed.text).toContain('A reminder of your private tour');
    expect(mail.parsed.text).toContain('Tuesday, July 14, 2026');
    expect(mail.parsed.text).toContain('10:00 AM – 11:30 AM Eastern Daylight Time');
    expect(calendarOf(mail)).toMatchObject({ method: 'REQUEST', sequence: 0, startsAt: booked.startsAt });
  });

  test('times are the site zone\'s: an evening tour late in UTC falls on its own day there', async () => {
    const evening: Tour = { ...booked, startsAt: '2026-07-15T00:30:00.000Z', endsAt: '2026-07-15T02:00:00.000Z' };
    const london = await send(tourGuestEmail('tour_booked', noticeOf(evening, { timeZone: 'Europe/London' }), options), 'eleanor@example.com');
    expect(london.parsed.text).toContain('When: Wednesday, July 15, 2026, 1:30 AM – 3:00 AM British Summer Time');
    const newYork = await send(tourGuestEmail('tour_booked', noticeOf(evening), options), 'eleanor@example.com');
    expect(newYork.parsed.text).toContain('When: Tuesday, July 14, 2026, 8:30 PM – 10:00 PM Eastern Daylight Time');
    expect(calendarOf(newYork)).toMatchObject({ tzid: 'America/New_York', startsAt: evening.startsAt });
  });

  test('the receipt offers "Choose a time for your private tour" when given the link, and is as before without it', async () => {
    const tourUrl = 'https://aldercrest.example/tour/tok_abc123';
    const withLink = await send(receiptEmail('inquiry', 'Eleanor Whitfield', undefined, tourUrl), 'eleanor@example.com');
    expect(withLink.parsed.text).toContain(`Choose a time for your private tour: ${tourUrl}`);
    expect(withLink.parsed.html).toMatch(new RegExp(`<a href="${tourUrl}"[^>]*>Choose a time for your private tour</a>`));
    expect(withLink.parsed.attachments).toEqual([]);

    const plain = receiptEmail('inquiry', 'Eleanor Whitfield');
    expect(plain.text).not.toContain('Choose a time');
    expect(plain.html).not.toContain('Choose a time');
    expect(plain.calendar).toBeUndefined();
    // The link adds its line and its button, and nothing else changes.
    const linked = receiptEmail('inquiry', 'Eleanor Whitfield', undefined, tourUrl);
    expect(linked.text.replace(`Choose a time for your private tour: ${tourUrl}\n\n`, '')).toBe(plain.text);
    expect(linked.subject).toBe(plain.subject);
  });
});

// Every kind has its copy for both audiences; the host replaced alone is sent theirs (the test above).
test.each(['tour_booked', 'tour_moved', 'tour_cancelled', 'tour_reminder'] satisfies GuestTourNoticeKind[])('%s has a guest and a host email', (kind) => {
  const notice = noticeOf(booked);
  expect(tourGuestEmail(kind, notice, options).subject).toBeTruthy();
  expect(tourHostEmail(kind, notice, { ...options, inboxUrl }).html).toContain(inboxUrl);
});
