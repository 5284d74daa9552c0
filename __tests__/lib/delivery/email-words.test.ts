/**
 * Every word of every email true, as the relay receives it from the delivery worker, on both stores: each kind
 * ends with the footer that holds for it, a cancellation's calendar line says the tour leaves the calendar, and
 * every plain-text part reads on its own, with no button to point at. And one spelling, US English, in every
 * email and in every word the copy gives the pages and PDFs.
 */
import { randomBytes } from 'node:crypto';
import { parseServerConfig } from '@/lib/config/server';
import * as account from '@/lib/copy/account';
import * as emailCopy from '@/lib/copy/emails';
import * as holdEmails from '@/lib/copy/hold-emails';
import * as holds from '@/lib/copy/holds';
import * as portal from '@/lib/copy/portal';
import * as privacy from '@/lib/copy/privacy';
import * as site from '@/lib/copy/site';
import * as sitePlan from '@/lib/copy/site-plan';
import * as team from '@/lib/copy/team';
import * as teamBrokers from '@/lib/copy/team-brokers';
import * as tours from '@/lib/copy/tours';
import { createDeliveryWorker } from '@/lib/delivery/worker';
import { newInvitation, requestSignInCode } from '@/lib/auth/sign-in';
import type { Actor } from '@/lib/auth/types';
import { processLead } from '@/lib/leads/submit';
import { tokenHashOf } from '@/lib/tours/links';
import { openTimes } from '@/lib/tours/slots';
import { formData } from '../../support/form-data';
import { authContextFor, createAccount, openPortalTo, signInAs } from '../../support/accounts';
import { submissionContext } from '../../support/request';
import { relayForTests, type ReceivedMail } from '../../support/smtp';
import { STORE_NAMES, storeForTests } from '../../support/stores';

const AUTH_KEY = randomBytes(32);
const ZONE = 'America/New_York';
const HOUR = 3_600_000;
const prospect = { full_name: 'Eleanor Whitfield', email: 'eleanor@example.com', phone: '+1 555 0100', message: 'A tour, please.' };
const agent = { full_name: 'Marcus Hale', email: 'marcus@hale.realty', brokerage: 'Hale Realty', license_number: 'DRE 01234567', phone: '', message: '' };
const env = {
  MAIL_FROM: 'Aldercrest Estates <leads@aldercrest.example>',
  LEAD_NOTIFY_TO: 'sales@aldercrest.example',
  SITE_TIME_ZONE: ZONE,
  TOUR_LOCATION: 'Aldercrest Estates, Sales Gallery, 1 Alder Way',
};

/**
 * British spellings, and the British forms of words US English spells otherwise. "Cancelled" is kept: US usage
 * has both, and the site uses it throughout.
 */
const BRITISH =
  /\b(licences?|\w*(?:recognis|organis|realis|apologis|authoris|prioritis|customis|minimis|summaris|finalis|personalis|utilis|categoris|characteris|visualis|emphasis(?:e|ed|es|ing))\w*|\w*(?:colour|favour|honour|neighbour|labour|behaviour|rumour|harbour)\w*|centre[sd]?|metres?|theatres?|catalogue|programme|cheques?|travell\w+|whilst|amongst|learnt|enquir\w+|grey|jewellery|storeys?|cosy|aluminium|mould)\b/i;

/** The plain text's footer: what follows its "--" line. */
const footerOf = (mail: ReceivedMail) => mail.parsed.text!.split('\n--\n')[1]!.trim();

/** Every string a copy module holds, its templates filled with a stand-in. */
function wordsOf(value: unknown, seen = new Set<unknown>()): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'function') {
    try {
      return wordsOf((value as (...args: unknown[]) => unknown)('Eleanor Whitfield', 'Hale Realty', 'Tuesday'), seen);
    } catch {
      return [];
    }
  }
  if (!value || typeof value !== 'object' || seen.has(value)) return [];
  seen.add(value);
  return Object.values(value).flatMap((entry) => wordsOf(entry, seen));
}

describe.each(STORE_NAMES)('the words of the emails on the %s store', (storeName) => {
  const subject = storeForTests(storeName);
  const relay = relayForTests();
  let clock: number;
  let ava: Actor;
  let nadia: Actor;
  const now = () => clock;
  beforeEach(async () => {
    clock = Date.now() + 60_000;
    relay.received.length = 0;
    await subject.sql(
      'truncate prospect_inquiries, broker_requests, private.submission_log, private.outbox, private.receipt_log, private.sign_in_requests, private.accounts, private.tours, private.tour_links, private.tour_settings cascade',
    );
    await createAccount(subject, { email: 'ava@aldercrest.example', name: 'Ava Laurent', role: 'owner' });
    await createAccount(subject, { email: 'nadia@north.realty', name: 'Nadia North', role: 'broker' });
    const quiet = { ...authContextFor(subject, now, false), key: AUTH_KEY };
    ava = await signInAs(subject, quiet, 'ava@aldercrest.example');
    nadia = await signInAs(subject, quiet, 'nadia@north.realty');
    await openPortalTo(subject, nadia);
  });

  function setUp() {
    const config = parseServerConfig({ ...env, SMTP_URL: relay.url } as unknown as NodeJS.ProcessEnv);
    const worker = createDeliveryWorker({ store: subject.store, config, siteUrl: new URL('https://aldercrest.example'), authKey: AUTH_KEY, now });
    const submit = (form: 'inquiry' | 'broker', fields: Record<string, string>) =>
      processLead(form, formData(fields), submissionContext({ store: subject.store, env: { ...env, SMTP_URL: relay.url }, now }));
    return { worker, submit };
  }
  const to = (address: string) => relay.received.filter((mail) => mail.envelope.to.includes(address));
  const bySubject = (start: string) => relay.received.filter((mail) => mail.parsed.subject?.startsWith(start));

  /** Ava gives the prospect's inquiry to Lena (on the team by invitation), with mail set up. */
  async function giveEleanorToLena() {
    const [lead] = await subject.sql<{ id: string }>("select id from prospect_inquiries where email = 'eleanor@example.com'");
    const [lena] = await subject.sql<{ id: string }>("select id from private.accounts where email = 'lena@aldercrest.example'");
    expect(await subject.store.changeLead(ava, lead!.id, { field: 'owner', value: lena!.id }, true, new Date(clock))).toBe(true);
    return lead!.id;
  }

  /** One of every email the site sends, through the worker and the relay. */
  async function everyEmail(): Promise<ReceivedMail[]> {
    const { worker, submit } = setUp();
    await submit('inquiry', prospect);
    await submit('broker', agent);
    await submit('broker', { ...agent, full_name: 'Julia Stone', email: 'julia@stone.realty', brokerage: 'Stone & Co' });
    // Left unanswered: its reminder is due 20 hours on.
    await submit('broker', { ...agent, full_name: 'Owen Park', email: 'owen@park.realty', brokerage: 'Park Homes' });
    const requests = await subject.sql<{ id: string; email: string }>('select id, email from broker_requests');
    const context = { ...authContextFor(subject, now), key: AUTH_KEY };
    expect(await subject.store.decideBroker(ava, requests.find((row) => row.email === agent.email)!.id, 'approved', true, newInvitation(context).invitation, new Date(clock))).toBe(true);
    expect(await subject.store.decideBroker(ava, requests.find((row) => row.email === 'julia@stone.realty')!.id, 'declined', true, newInvitation(context).invitation, new Date(clock))).toBe(true);
    await requestSignInCode(context, { email: 'ava@aldercrest.example', clientAddress: '203.0.113.5' });
    expect(await subject.store.inviteMember(ava, { name: 'Lena Brooks', email: 'lena@aldercrest.example', role: 'member', phone: null }, newInvitation(context).invitation, new Date(clock), true)).toBe('invited');
    await giveEleanorToLena();
    await subject.sql('insert into prospect_inquiries (full_name, email, created_at) values ($1, $2, $3)', ['Theodore Crane', 'theo@example.com', new Date(clock)]);
    const review = await subject.store.registerBuyer(nadia, { fullName: 'Theodore Crane', email: 'theo@example.com', phone: null, note: null }, new Date(clock));
    expect(await subject.store.decideRegistration(ava, review.id, { status: 'registered' }, true, new Date(clock))).toBe(true);
    await worker.runOnce();

    // Tours: booked, moved, a host assigned then replaced, cancelled; and a reminder of another.
    const token = /https:\/\/aldercrest\.example\/tour\/([A-Za-z0-9_-]{43})/.exec(to('eleanor@example.com')[0]!.parsed.text!)![1]!;
    const times = openTimes({ settings: await subject.store.tourSettings(), booked: [], now: new Date(clock), timeZone: ZONE })
      .flatMap((day) => day.times)
      .map((time) => new Date(time.startsAt));
    const hash = tokenHashOf(token)!;
    const booking = await subject.store.bookTourByLink(hash, times[0]!, ZONE, new Date(clock));
    if (booking.outcome !== 'booked') throw new Error(booking.outcome);
    await worker.runOnce();
    await subject.store.moveTourByLink(hash, times[1]!, ZONE, new Date(clock));
    await subject.store.assignTourHost(ava, booking.tour.id, ava.id, new Date(clock));
    await worker.runOnce();
    const lena = (await subject.sql<{ id: string }>("select id from private.accounts where email = 'lena@aldercrest.example'"))[0]!.id;
    await subject.store.assignTourHost(ava, booking.tour.id, lena, new Date(clock));
    await worker.runOnce();
    await subject.store.cancelTourByLink(hash, new Date(clock));
    await worker.runOnce();
    const registration = await subject.store.registerBuyer(nadia, { fullName: 'Ruth Ames', email: 'ruth@example.com', phone: null, note: null }, new Date(clock));
    const later = times.find((time) => time.getTime() > clock + 3 * 24 * HOUR)!;
    const second = await subject.store.bookTourForRegistration(nadia, registration.id, later, ZONE, new Date(clock));
    if (second.outcome !== 'booked') throw new Error(second.outcome);
    await subject.store.assignTourHost(ava, second.tour.id, ava.id, new Date(clock));
    await worker.runOnce();
    clock = later.getTime() - 23 * HOUR;
    await worker.runOnce();
    // The broker request still unanswered, 20 hours on, if the reminder's round above was not already past it.
    clock += 21 * HOUR;
    await worker.runOnce();
    return relay.received;
  }

  test('each kind of email ends with the footer that is true for it: the approval does not say the broker will not hear from us again', async () => {
    const { worker, submit } = setUp();
    await submit('inquiry', prospect);
    await submit('broker', agent);
    await submit('broker', { ...agent, full_name: 'Julia Stone', email: 'julia@stone.realty', brokerage: 'Stone & Co' });
    await worker.runOnce();
    const requests = await subject.sql<{ id: string; email: string }>('select id, email from broker_requests');
    const context = { ...authContextFor(subject, now), key: AUTH_KEY };
    await subject.store.decideBroker(ava, requests.find((row) => row.email === agent.email)!.id, 'approved', true, newInvitation(context).invitation, new Date(clock));
    await subject.store.decideBroker(ava, requests.find((row) => row.email === 'julia@stone.realty')!.id, 'declined', true, newInvitation(context).invitation, new Date(clock));
    await worker.runOnce();

    const [inquiryReceipt] = to('eleanor@example.com');
    expect(footerOf(inquiryReceipt!)).toBe(
      'You receive this message because this address was entered in the inquiry form on the Aldercrest Estates website. If that was not you, please reply to tell us, so that our team does not write to you.',
    );
    const [brokerReceipt, approval] = to(agent.email);
    expect(brokerReceipt!.parsed.subject).toBe('Your broker access request to Aldercrest Estates');
    expect(footerOf(brokerReceipt!)).toBe(
      'You receive this message because this address was entered in the broker access form on the Aldercrest Estates website. If that was not you, please reply to tell us, so that our team does not write to you.',
    );
    expect(approval!.parsed.subject).toBe('Your broker access to Aldercrest Estates');
    expect(footerOf(approval!)).toBe('You receive this message because you asked for access to the Aldercrest Estates broker portal, and our team has granted it.');
    const [, decline] = to('julia@stone.realty');
    expect(footerOf(decline!)).toBe('You receive this message because you asked for access to the Aldercrest Estates broker portal.');
    // The footer of every email is its own, and each appears in the HTML as in the text.
    for (const mail of relay.received) {
      expect(`${mail.parsed.text}${mail.parsed.html}`).not.toMatch(/will not hear from us again/);
      expect(String(mail.parsed.html)).toContain(footerOf(mail).replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`));
    }
  });

  test('a lead given to a member tells them whose it is and who gave it, its footer true for it; taking one oneself sends nothing', async () => {
    const { worker, submit } = setUp();
    await submit('inquiry', prospect);
    const context = { ...authContextFor(subject, now), key: AUTH_KEY };
    await subject.store.inviteMember(ava, { name: 'Lena Brooks', email: 'lena@aldercrest.example', role: 'member', phone: null }, newInvitation(context).invitation, new Date(clock), false);
    const leadId = await giveEleanorToLena();
    await worker.runOnce();
    const [given, ...more] = to('lena@aldercrest.example');
    expect(more).toEqual([]);
    expect(given!.parsed.subject).toBe('A lead for you: Eleanor Whitfield');
    expect(given!.parsed.text).toContain('Ava Laurent gave you this lead in the inbox. Its status, follow-up date and notes are yours to keep from here.');
    expect(given!.parsed.text).toMatch(/\nLead: Eleanor Whitfield\nReceived: \w+day, .+\nGiven by: Ava Laurent\n/);
    expect(given!.parsed.text).toContain(`Open the lead in the inbox: https://aldercrest.example/admin/leads/${leadId}`);
    expect(String(given!.parsed.html)).toContain(`href="https://aldercrest.example/admin/leads/${leadId}"`);
    expect(footerOf(given!)).toBe('Sent by the Aldercrest Estates website each time a member of the sales team gives you a lead.');
    expect(String(given!.parsed.html)).toContain(footerOf(given!));

    // Ava takes it herself: nobody is emailed.
    const before = relay.received.length;
    expect(await subject.store.changeLead(ava, leadId, { field: 'owner', value: ava.id }, true, new Date(clock + 1000))).toBe(true);
    await worker.runOnce();
    expect(relay.received.length).toBe(before);
  });

  test('the buyer’s cancellation says its calendar update takes the tour out of their calendar; the booking’s adds it, the move’s moves it', async () => {
    const mails = await everyEmail();
    const guest = (subject: string) => mails.find((mail) => mail.parsed.subject === subject)!;
    const lines = {
      booked: 'The invitation attached to this email adds the tour to your calendar.',
      moved: 'The invitation attached to this email moves the tour to its new time in your calendar.',
      cancelled: 'The calendar update attached to this email takes the tour out of your calendar.',
    };
    const booked = guest('Your private tour of Aldercrest Estates');
    const moved = guest('Your private tour of Aldercrest Estates has moved');
    const cancelled = guest('Your private tour of Aldercrest Estates is cancelled');
    for (const [mail, line] of [[booked, lines.booked], [moved, lines.moved], [cancelled, lines.cancelled]] as const) {
      expect(mail.parsed.text).toContain(line);
      expect(String(mail.parsed.html)).toContain(line);
    }
    expect(`${cancelled.parsed.text}${cancelled.parsed.html}`).not.toMatch(/adds the tour/);
    expect(guest('A reminder of your private tour of Aldercrest Estates').parsed.text).toContain('keeps the tour in your calendar');
  });

  test('every plain-text part reads on its own: no button to press, the links written out where the text points to them', async () => {
    const mails = await everyEmail();
    // One of each kind: team, receipts, decisions, sign-in, invitation, registration, overdue, every tour email.
    const subjects = new Set(mails.map((mail) => mail.parsed.subject!.replace(/:.*$/, ':')));
    expect([...subjects].sort()).toEqual(
      [
        'A reminder of your private tour of Aldercrest Estates',
        'Broker access request from Marcus Hale, Hale Realty',
        'Broker access request from Julia Stone, Stone & Co',
        'Broker access request from Owen Park, Park Homes',
        'A lead for you:',
        'New inquiry from Eleanor Whitfield',
        'Overdue:',
        'Tour booked:',
        'Tour cancelled:',
        'Tour moved:',
        'Tour reassigned:',
        'Tour reminder:',
        'Your broker access request to Aldercrest Estates',
        'Your broker access to Aldercrest Estates',
        'Your client registration at Aldercrest Estates',
        'Your inquiry to Aldercrest Estates',
        'Your invitation to the Aldercrest Estates team',
        'Your private tour of Aldercrest Estates',
        'Your private tour of Aldercrest Estates has moved',
        'Your private tour of Aldercrest Estates is cancelled',
        'Your sign-in code for Aldercrest Estates',
      ].sort(),
    );
    for (const mail of mails) {
      const text = mail.parsed.text!;
      expect({ subject: mail.parsed.subject, text }).not.toMatchObject({ text: expect.stringMatching(/button|\bpress\b|click/i) });
      // Wherever the text says a link is above or below, one is there.
      for (const [index, line] of text.split('\n').entries()) {
        if (/link (above|below)/.test(line)) {
          const around = line.includes('above') ? text.split('\n').slice(0, index) : text.split('\n').slice(index + 1);
          expect(around.some((other) => /https:\/\//.test(other))).toBe(true);
        }
      }
    }
    const [approval] = bySubject('Your broker access to Aldercrest Estates');
    expect(approval!.parsed.text).toContain('Your access to the broker portal is ready: the link below signs you in.');
    expect(String(approval!.parsed.html)).toContain('the button below signs you in.');
    const [booked] = bySubject('Your private tour of Aldercrest Estates');
    expect(booked!.parsed.text).toMatch(/Move or cancel your tour: https:\/\/aldercrest\.example\/tour\/\S+\nShould your plans change, the link above lets you choose another time or cancel\./);
  });

  test('one spelling, US English: in every email, and in every word of the copy the pages and PDFs are made of', async () => {
    const mails = await everyEmail();
    for (const mail of mails) {
      expect(`${mail.parsed.subject}\n${mail.parsed.text}\n${mail.parsed.html}`).not.toMatch(BRITISH);
    }
    const words = wordsOf([account, emailCopy, holdEmails, holds, portal, privacy, site, sitePlan, team, teamBrokers, tours]);
    expect(words.length).toBeGreaterThan(500);
    expect(words.filter((text) => BRITISH.test(text))).toEqual([]);
    // The pattern is no blunter than it says: it finds what it is for.
    expect(['your licence number', 'is recognised', 'the organiser', 'a grey colour', 'License Number'].filter((text) => BRITISH.test(text))).toEqual([
      'your licence number',
      'is recognised',
      'the organiser',
      'a grey colour',
    ]);
  });
});
