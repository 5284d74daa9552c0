/**
 * The delivery worker and private tours: the prospect's receipt carries their tour link (the same on a retry), and
 * each tour notice reaches its one recipient with its invitation, through a real SMTP relay, on both stores.
 */
import { randomBytes } from 'node:crypto';
import ICAL from 'ical.js';
import { parseServerConfig } from '@/lib/config/server';
import { createDeliveryWorker } from '@/lib/delivery/worker';
import { processLead } from '@/lib/leads/submit';
import type { Actor } from '@/lib/auth/types';
import { openTimes } from '@/lib/tours/slots';
import { tokenHashOf } from '@/lib/tours/links';
import { formData } from '../../support/form-data';
import { STORE_NAMES, storeForTests } from '../../support/stores';
import { relayForTests, type ReceivedMail } from '../../support/smtp';
import { submissionContext } from '../../support/request';
import { authContextFor, createAccount, PEOPLE, signInPeople, openPortalTo } from '../../support/accounts';

const AUTH_KEY = randomBytes(32);
const ZONE = 'America/New_York';
const prospect = { full_name: 'Eleanor Whitfield', email: 'eleanor@example.com', phone: '+1 555 0100', message: 'A tour, please.' };
const TOUR_URL = /https:\/\/aldercrest\.example\/tour\/([A-Za-z0-9_-]{43})/;

/** The calendar part as a calendar reads it. */
function calendarOf(mail: ReceivedMail) {
  const part = mail.parsed.attachments.find((attachment) => attachment.contentType === 'text/calendar');
  if (!part) throw new Error('no calendar part');
  const event = new ICAL.Component(ICAL.parse(part.content.toString('utf8')));
  const vevent = event.getFirstSubcomponent('vevent')!;
  return {
    method: event.getFirstPropertyValue('method'),
    uid: vevent.getFirstPropertyValue('uid'),
    sequence: vevent.getFirstPropertyValue('sequence'),
    tzid: vevent.getFirstProperty('dtstart')!.getParameter('tzid'),
    attendees: vevent.getAllProperties('attendee').map((attendee) => String(attendee.getFirstValue()).toLowerCase()),
    description: String(vevent.getFirstPropertyValue('description') ?? ''),
  };
}

describe.each(STORE_NAMES)('tour delivery on the %s store', (storeName) => {
  const subject = storeForTests(storeName);
  const relay = relayForTests();
  let clock: number;
  let ava: Actor, marcus: Actor;
  const now = () => clock;

  beforeEach(async () => {
    clock = Date.now() + 60_000;
    relay.received.length = 0;
    relay.setMode('accept');
    await subject.sql(
      'truncate prospect_inquiries, broker_requests, private.submission_log, private.outbox, private.receipt_log, private.sign_in_requests, private.accounts, private.tours, private.tour_links, private.tour_settings cascade',
    );
    ({ ava, marcus } = await signInPeople(subject, { ...authContextFor(subject, now, false), key: AUTH_KEY }, ['ava', 'marcus']));
    await openPortalTo(subject, marcus);
  });

  function setUp() {
    const env = {
      SMTP_URL: relay.url,
      MAIL_FROM: 'Aldercrest Estates <leads@aldercrest.example>',
      LEAD_NOTIFY_TO: 'sales@aldercrest.example',
      SITE_TIME_ZONE: ZONE,
      TOUR_LOCATION: 'Aldercrest Estates, Sales Gallery, 1 Alder Way',
    };
    const config = parseServerConfig(env as unknown as NodeJS.ProcessEnv);
    const worker = createDeliveryWorker({ store: subject.store, config, siteUrl: new URL('https://aldercrest.example'), authKey: AUTH_KEY, now });
    const submit = () => processLead('inquiry', formData(prospect), submissionContext({ store: subject.store, env, now }));
    return { worker, submit };
  }
  const to = (address: string) => relay.received.filter((mail) => mail.envelope.to.includes(address));
  /** The first two open times from the clock, as the booking page would offer them. */
  const twoTimes = async () =>
    openTimes({ settings: await subject.store.tourSettings(), booked: [], now: new Date(clock), timeZone: ZONE })
      .flatMap((day) => day.times)
      .slice(0, 2)
      .map((time) => new Date(time.startsAt));

  test('the receipt carries the buyer\'s tour link; a retried receipt the same one; booked, moved and cancelled each reach the buyer with the invitation', async () => {
    const { worker, submit } = setUp();
    expect((await submit()).status).toBe('success');
    // The relay is down a while: the receipt is retried, and carries the link the first try issued.
    await relay.stop();
    expect(await worker.runOnce()).toMatchObject({ sent: 0, retried: 2 });
    expect(await subject.sql('select count(*)::int as n from private.tour_links')).toEqual([{ n: 1 }]);
    await relay.start();
    clock += 5 * 60_000;
    expect(await worker.runOnce()).toMatchObject({ sent: 2, retried: 0 });
    const [receipt] = to('eleanor@example.com');
    expect(receipt).toBeDefined();
    const token = TOUR_URL.exec(receipt!.parsed.text!)![1]!;
    expect(receipt!.parsed.text).toContain('Choose a time for your private tour');
    expect(String(receipt!.parsed.html)).toContain(`href="https://aldercrest.example/tour/${token}"`);
    expect(await subject.sql('select count(*)::int as n from private.tour_links')).toEqual([{ n: 1 }]);
    // The team's email about the lead carries no link of the buyer's.
    expect(to('sales@aldercrest.example').every((mail) => !TOUR_URL.test(mail.parsed.text!))).toBe(true);

    const hash = tokenHashOf(token)!;
    const [first, second] = await twoTimes();
    const booking = await subject.store.bookTourByLink(hash, first!, ZONE, new Date(clock));
    expect(booking.outcome).toBe('booked');
    relay.received.length = 0;
    // The buyer's, and the team's copy.
    expect(await worker.runOnce()).toMatchObject({ sent: 2, failed: 0 });
    const [bookedMail] = to('eleanor@example.com');
    expect(bookedMail!.parsed.subject).toBe('Your private tour of Aldercrest Estates');
    expect(bookedMail!.parsed.text).toContain('Aldercrest Estates, Sales Gallery, 1 Alder Way');
    // The way to move or cancel is the same page as the receipt's.
    expect(bookedMail!.parsed.text).toContain(`https://aldercrest.example/tour/${token}`);
    const invited = calendarOf(bookedMail!);
    expect(invited).toMatchObject({ method: 'REQUEST', sequence: 0, tzid: ZONE, attendees: ['mailto:eleanor@example.com'] });
    expect(invited.uid).toMatch(/^tour-[0-9a-f-]{36}@aldercrest\.example$/);
    expect(invited.description).toContain(`/tour/${token}`);

    relay.received.length = 0;
    expect((await subject.store.moveTourByLink(hash, second!, ZONE, new Date(clock))).outcome).toBe('moved');
    await worker.runOnce();
    const [movedMail] = to('eleanor@example.com');
    expect(movedMail!.parsed.subject).toBe('Your private tour of Aldercrest Estates has moved');
    expect(calendarOf(movedMail!)).toMatchObject({ method: 'REQUEST', uid: invited.uid, sequence: 1 });

    relay.received.length = 0;
    expect((await subject.store.cancelTourByLink(hash, new Date(clock))).outcome).toBe('cancelled');
    await worker.runOnce();
    const [cancelledMail] = to('eleanor@example.com');
    expect(cancelledMail!.parsed.subject).toBe('Your private tour of Aldercrest Estates is cancelled');
    expect(calendarOf(cancelledMail!)).toMatchObject({ method: 'CANCEL', uid: invited.uid, sequence: 2 });
    // A cancelled tour's email offers no way to move it.
    expect(cancelledMail!.parsed.text).not.toContain(`/tour/${token}`);
  });

  test('a host gets their own copy with the lead in the inbox; a notice overtaken by a later change is put aside, not sent', async () => {
    const { worker, submit } = setUp();
    await submit();
    await worker.runOnce();
    const token = TOUR_URL.exec(to('eleanor@example.com')[0]!.parsed.text!)![1]!;
    const hash = tokenHashOf(token)!;
    const [first, second] = await twoTimes();
    const booking = await subject.store.bookTourByLink(hash, first!, ZONE, new Date(clock));
    if (booking.outcome !== 'booked') throw new Error(booking.outcome);
    // Moved before the booking's email went: that one is overtaken, only the move's goes.
    await subject.store.moveTourByLink(hash, second!, ZONE, new Date(clock));
    relay.received.length = 0;
    expect(await worker.runOnce()).toMatchObject({ sent: 2, dropped: 2 });
    expect(to('eleanor@example.com').map((mail) => mail.parsed.subject)).toEqual(['Your private tour of Aldercrest Estates has moved']);

    relay.received.length = 0;
    expect(await subject.store.assignTourHost(ava, booking.tour.id, ava.id, new Date(clock))).toBe(true);
    expect(await worker.runOnce()).toMatchObject({ sent: 1 });
    const [hostMail] = to('ava@aldercrest.example');
    expect(hostMail!.parsed.subject).toMatch(/^Tour booked: Eleanor Whitfield, /);
    expect(hostMail!.parsed.text).toContain(`https://aldercrest.example/admin/leads/${booking.tour.leadId}`);
    // The host's copy never carries the buyer's own link.
    expect(hostMail!.parsed.text).not.toContain('/tour/');
    expect(calendarOf(hostMail!)).toMatchObject({ method: 'REQUEST', sequence: 1 });

    // Handed to Lena: Ava is told, and the tour leaves her calendar by the same UID; Lena is sent the invitation.
    const lena = await createAccount(subject, PEOPLE.lena);
    relay.received.length = 0;
    expect(await subject.store.assignTourHost(ava, booking.tour.id, lena, new Date(clock))).toBe(true);
    expect(await worker.runOnce()).toMatchObject({ sent: 2, dropped: 0 });
    const [released, ...more] = to('ava@aldercrest.example');
    expect(more).toEqual([]);
    expect(released!.parsed.subject).toMatch(/^Tour reassigned: Eleanor Whitfield, /);
    expect(released!.parsed.text).toContain('Now hosted by: Lena Brooks');
    expect(calendarOf(released!)).toEqual({ ...calendarOf(hostMail!), method: 'CANCEL' });
    expect(to('lena@aldercrest.example').map((mail) => [mail.parsed.subject?.split(':')[0], calendarOf(mail).method])).toEqual([['Tour booked', 'REQUEST']]);

    relay.received.length = 0;
    await subject.store.cancelTourByLink(hash, new Date(clock));
    await worker.runOnce();
    expect(to('ava@aldercrest.example')).toEqual([]);
    expect(to('lena@aldercrest.example').map((mail) => calendarOf(mail).method)).toEqual(['CANCEL']);
    expect(to('eleanor@example.com').map((mail) => calendarOf(mail).method)).toEqual(['CANCEL']);
    // The reminder queued for the booked tour was dropped with it: nothing is left to send.
    relay.received.length = 0;
    clock += 40 * 86_400_000;
    await worker.runOnce();
    expect(relay.received).toEqual([]);
  });

  test('the reminder goes a day before the tour as it now stands; one for a time it has moved from never goes', async () => {
    const { worker, submit } = setUp();
    await submit();
    await worker.runOnce();
    const hash = tokenHashOf(TOUR_URL.exec(to('eleanor@example.com')[0]!.parsed.text!)![1]!)!;
    const [first, second] = await twoTimes();
    await subject.store.bookTourByLink(hash, first!, ZONE, new Date(clock));
    await worker.runOnce();
    await subject.store.moveTourByLink(hash, second!, ZONE, new Date(clock));
    await worker.runOnce();
    relay.received.length = 0;
    // 23 hours before the new time: past the first time's reminder and the second's.
    clock = second!.getTime() - 23 * 3_600_000;
    expect(await worker.runOnce()).toMatchObject({ sent: 1, failed: 0 });
    const [reminder] = to('eleanor@example.com');
    expect(reminder!.parsed.subject).toBe('A reminder of your private tour of Aldercrest Estates');
    expect(calendarOf(reminder!)).toMatchObject({ method: 'REQUEST', sequence: 1 });
    expect(reminder!.parsed.text).toContain('/tour/');
    expect(relay.received).toHaveLength(1);
  });

  test('a broker\'s booking for their client: the invitation goes to the broker, naming the client, with no buyer\'s link', async () => {
    const { worker } = setUp();
    const registration = await subject.store.registerBuyer(marcus, { fullName: 'Theodore Crane', email: 'theo@crane.example', phone: null, note: null }, new Date(clock));
    const [first] = await twoTimes();
    expect((await subject.store.bookTourForRegistration(marcus, registration.id, first!, ZONE, new Date(clock))).outcome).toBe('booked');
    // The broker's, and the team's copy.
    expect(await worker.runOnce()).toMatchObject({ sent: 2, failed: 0 });
    expect(to('theo@crane.example')).toEqual([]);
    const [mail] = to('marcus@hale.realty');
    expect(mail!.parsed.text).toContain('Dear Marcus Hale,');
    expect(mail!.parsed.text).toContain('Theodore Crane');
    expect(mail!.parsed.text).not.toContain('/tour/');
    expect(calendarOf(mail!)).toMatchObject({ method: 'REQUEST', sequence: 0, attendees: ['mailto:marcus@hale.realty'] });
    // The team hears of it too, and finds the tour on the agenda: the client never wrote to us, so there is no lead.
    const [team] = to('sales@aldercrest.example');
    expect(team!.parsed.text).toContain('Booked by: Marcus Hale, marcus@hale.realty');
    expect(team!.parsed.text).toContain('Open the tours agenda: https://aldercrest.example/admin/tours');
    expect(team!.parsed.text).not.toContain('Open the lead');
    expect(calendarOf(team!).description).toContain('The tours agenda: https://aldercrest.example/admin/tours');
  });

  test('the team (LEAD_NOTIFY_TO) is emailed each booking, move and cancellation at once, with the invitation, host or not; the host too once assigned', async () => {
    const { worker, submit } = setUp();
    await submit();
    await worker.runOnce();
    const token = TOUR_URL.exec(to('eleanor@example.com')[0]!.parsed.text!)![1]!;
    const hash = tokenHashOf(token)!;
    const [first, second] = await twoTimes();
    const booking = await subject.store.bookTourByLink(hash, first!, ZONE, new Date(clock));
    if (booking.outcome !== 'booked') throw new Error(booking.outcome);
    const inboxUrl = `https://aldercrest.example/admin/leads/${booking.tour.leadId}`;

    relay.received.length = 0;
    await worker.runOnce();
    const [booked, ...more] = to('sales@aldercrest.example');
    expect(more).toEqual([]);
    expect(booked!.envelope.to).toEqual(['sales@aldercrest.example']);
    expect(booked!.parsed.subject).toMatch(/^Tour booked: Eleanor Whitfield, /);
    expect(booked!.parsed.text).toContain('Buyer: Eleanor Whitfield, eleanor@example.com');
    expect(booked!.parsed.text).toContain('Host: Not assigned yet');
    expect(booked!.parsed.text).toContain(`Open the lead in the inbox: ${inboxUrl}`);
    // The buyer's own link to move or cancel stays theirs.
    expect(`${booked!.parsed.text}${booked!.parsed.html}`).not.toContain('/tour/');
    const invitation = calendarOf(booked!);
    expect(invitation).toMatchObject({ method: 'REQUEST', sequence: 0, attendees: ['mailto:eleanor@example.com'] });
    expect(invitation.description).toContain(`The lead in the inbox: ${inboxUrl}`);

    // A host assigned: they are sent theirs; the team, who assigned them, nothing more.
    relay.received.length = 0;
    expect(await subject.store.assignTourHost(ava, booking.tour.id, ava.id, new Date(clock))).toBe(true);
    await worker.runOnce();
    expect(relay.received.map((mail) => mail.envelope.to)).toEqual([['ava@aldercrest.example']]);

    relay.received.length = 0;
    expect((await subject.store.moveTourByLink(hash, second!, ZONE, new Date(clock))).outcome).toBe('moved');
    expect(await worker.runOnce()).toMatchObject({ sent: 3, failed: 0 });
    const [moved] = to('sales@aldercrest.example');
    expect(moved!.parsed.subject).toMatch(/^Tour moved: Eleanor Whitfield, now /);
    expect(moved!.parsed.text).toContain('Host: Ava Laurent');
    expect(calendarOf(moved!)).toMatchObject({ method: 'REQUEST', uid: invitation.uid, sequence: 1 });
    expect(to('ava@aldercrest.example').map((mail) => calendarOf(mail).sequence)).toEqual([1]);

    relay.received.length = 0;
    expect((await subject.store.cancelTourByLink(hash, new Date(clock))).outcome).toBe('cancelled');
    expect(await worker.runOnce()).toMatchObject({ sent: 3, failed: 0 });
    const [cancelled] = to('sales@aldercrest.example');
    expect(cancelled!.parsed.subject).toMatch(/^Tour cancelled: Eleanor Whitfield, /);
    expect(calendarOf(cancelled!)).toMatchObject({ method: 'CANCEL', uid: invitation.uid, sequence: 2 });
    expect(relay.received.map((mail) => mail.envelope.to[0]).sort()).toEqual(['ava@aldercrest.example', 'eleanor@example.com', 'sales@aldercrest.example']);
  });
});
