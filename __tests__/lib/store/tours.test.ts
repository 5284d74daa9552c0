import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { readNoticeTour } from '@/lib/store/tours';
import type { Actor } from '@/lib/auth/types';
import type { BookingOutcome } from '@/lib/tours/types';
import { newTourLink, receiptTourToken, tourToken, tourTokenHash } from '@/lib/tours/links';
import { DEFAULT_TOUR_SETTINGS, type TourSettings } from '@/lib/tours/types';
import { authContextFor, signInPeople, openPortalTo } from '../../support/accounts';
import { STORE_NAMES, storeForTests } from '../../support/stores';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ZONE = 'America/New_York';
/** The app's clock, as the tests set it: a Monday, 05:00 in New York. */
const AT = new Date('2027-03-01T10:00:00.000Z');
const later = (ms: number, from = AT) => new Date(from.getTime() + ms);
/** Wednesday 3 March 2027, 10:00 in New York (EST, UTC−5): a time the defaults allow. */
const WEDNESDAY_10 = new Date('2027-03-03T15:00:00.000Z');
const KEY = randomBytes(32);

describe.each(STORE_NAMES)('private tours on the %s store', (storeName) => {
  const subject = storeForTests(storeName);

  let ava: Actor, marcus: Actor, nadia: Actor, lena: Actor;
  beforeEach(async () => {
    await subject.sql(
      'truncate prospect_inquiries, broker_requests, private.submission_log, private.outbox, private.receipt_log, private.lead_notes, private.lead_activity, private.erasures, private.sign_in_requests, private.accounts, private.tours, private.tour_links, private.tour_settings, private.tour_closed_dates cascade',
    );
    ({ ava, lena, marcus, nadia } = await signInPeople(subject, authContextFor(subject, Date.now, false), ['ava', 'lena', 'marcus', 'nadia']));
    await openPortalTo(subject, marcus, nadia);
  });

  const inquiry = async (email: string, fullName = 'Eleanor Whitfield') =>
    (await subject.sql<{ id: string }>('insert into prospect_inquiries (full_name, email, created_at) values ($1, $2, $3) returning id', [fullName, email, later(-DAY)]))[0]!.id;
  /** A lead with its link, as the receipt would carry it: the token derived from the link's id, the hash to look it up by. */
  const leadWithLink = async (email = 'eleanor@example.com', at = AT) => {
    const leadId = await inquiry(email);
    const { token, linkId } = (await receiptTourToken(subject.store, KEY, leadId, at))!;
    return { leadId, linkId, token, hash: tourTokenHash(token) };
  };
  const book = (hash: string, startsAt = WEDNESDAY_10, at = AT) => subject.store.bookTourByLink(hash, startsAt, ZONE, at);
  const booked = async (outcome: Promise<BookingOutcome>) => {
    const answer = await outcome;
    if (answer.outcome !== 'booked') throw new Error(`expected booked, got ${answer.outcome}`);
    return answer.tour;
  };
  const saveSettings = (change: Partial<TourSettings>) => subject.store.saveTourSettings(ava, { ...DEFAULT_TOUR_SETTINGS, ...change }, AT);
  const outbox = () =>
    subject.sql<{ kind: string; status: string; due: Date; recipient: string; sequence: number; tour_id: string }>(
      'select o.kind, o.status, o.next_attempt_at as due, n.recipient, n.sequence, n.tour_id from private.outbox o join private.tour_notices n on n.id = o.about_id order by o.created_at, o.kind, n.recipient',
    );
  /** The buyer's, broker's and host's notices: the team's copy of each change has a test of its own. */
  const guestAndHost = async () => (await outbox()).filter((notice) => notice.recipient !== 'team');
  const claimAbout = async (now: Date) =>
    (await subject.store.claimNotices({ now, limit: 50, leaseSeconds: 60, mailPerHour: 1000 }))
      .map((notice) => ({ kind: notice.kind, about: readNoticeTour(notice.about) }))
      .filter(({ about }) => about?.recipient !== 'team');

  test('settings: the defaults until the team saves; saved with who and when; the team’s alone; out of range refused', async () => {
    expect(await subject.store.tourSettings()).toEqual({ ...DEFAULT_TOUR_SETTINGS, changedAt: null, changedBy: null });
    const change: TourSettings = {
      ...DEFAULT_TOUR_SETTINGS,
      hours: { 1: null, 2: { open: '09:30', close: '18:00' }, 7: { open: '12:00', close: '16:00' } },
      tourMinutes: 60,
      bufferMinutes: 15,
      capacity: 3,
      leastNoticeHours: 48,
      horizonDays: 60,
      closedDates: ['2027-12-25', '2027-03-03'],
    };
    expect(await subject.store.saveTourSettings(lena, change, AT)).toEqual({
      ...change,
      hours: { 2: { open: '09:30', close: '18:00' }, 7: { open: '12:00', close: '16:00' } },
      closedDates: ['2027-03-03', '2027-12-25'],
      changedAt: AT.toISOString(),
      changedBy: 'Lena Brooks',
    });
    expect((await subject.store.tourSettings()).capacity).toBe(3);
    await expect(subject.store.saveTourSettings(marcus, change, AT)).rejects.toMatchObject({ code: '42501' });
    for (const wrong of [
      { hours: { 1: { open: '17:00', close: '10:00' } } },
      { hours: { 8: { open: '10:00', close: '11:00' } } },
      { hours: { 1: { open: '9:00', close: '11:00' } } },
      { capacity: 0 },
      { tourMinutes: 5 },
      { horizonDays: 0 },
      { closedDates: ['25/12/2027'] },
    ] as Partial<TourSettings>[]) {
      await expect(subject.store.saveTourSettings(ava, { ...change, ...wrong }, AT)).rejects.toMatchObject({ code: '22023' });
    }
    expect((await subject.store.tourSettings()).capacity).toBe(3);
  });

  test('a link: issued once per lead while live, found by its token’s hash alone, dead at exactly 30 days', async () => {
    const { leadId, linkId, hash, token } = await leadWithLink();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The receipt written again (a retry, a resend) carries the same token.
    expect(await receiptTourToken(subject.store, KEY, leadId, later(DAY))).toEqual({ token, linkId, expiresAt: later(30 * DAY).toISOString() });
    // A retried receipt gets the same link; the id offered is not used.
    expect(await subject.store.issueTourLink(newTourLink(KEY, leadId), later(HOUR))).toMatchObject({ id: linkId, issuedAt: AT.toISOString(), expiresAt: later(30 * DAY).toISOString() });
    // Only the hash is kept.
    expect(await subject.sql('select count(*)::int as n from private.tour_links where token_hash = $1', [hash])).toEqual([{ n: 1 }]);
    expect(JSON.stringify(await subject.sql('select * from private.tour_links'))).not.toContain(token);

    expect(await subject.store.tourLink(hash, later(30 * DAY - 1))).toMatchObject({ id: linkId, leadId, buyerName: 'Eleanor Whitfield', tour: null, hostName: null });
    expect(await subject.store.tourLink(hash, later(30 * DAY))).toBeNull();
    expect(await subject.store.tourLink(tourTokenHash(tourToken(randomBytes(32), linkId)), AT)).toBeNull();
    // Expired, it books nothing, and a new receipt issues a new link.
    expect(await subject.store.bookTourByLink(hash, later(40 * DAY), ZONE, later(30 * DAY))).toEqual({ outcome: 'dead' });
    expect((await subject.store.issueTourLink(newTourLink(KEY, leadId), later(30 * DAY)))!.id).not.toBe(linkId);
    // No lead, no link.
    expect(await subject.store.issueTourLink(newTourLink(KEY, '00000000-0000-4000-8000-000000000000'), AT)).toBeNull();
  });

  test('a link whose tour is booked opens past its 30 days until the tour is over, to move or cancel it', async () => {
    const { hash } = await leadWithLink();
    // Booked on the link's last day for 28 days later (inside the horizon then).
    const lastDay = later(30 * DAY - HOUR);
    const startsAt = new Date('2027-04-28T14:00:00.000Z'); // a Wednesday, 10:00 there
    const tour = await booked(book(hash, startsAt, lastDay));
    expect(await subject.store.tourLink(hash, later(31 * DAY))).toMatchObject({ tour: { id: tour.id, status: 'booked' } });
    expect(await subject.store.cancelTourByLink(hash, later(40 * DAY))).toMatchObject({ outcome: 'cancelled' });
    // Cancelled, or over, it is dead.
    expect(await subject.store.tourLink(hash, later(40 * DAY))).toBeNull();
    const other = await leadWithLink('theo@example.com');
    await booked(book(other.hash, startsAt, lastDay));
    expect(await subject.store.tourLink(other.hash, new Date(startsAt.getTime() + 89 * 60_000))).toMatchObject({ tour: { status: 'booked' } });
    expect(await subject.store.tourLink(other.hash, new Date(startsAt.getTime() + 90 * 60_000))).toBeNull();
  });

  test('booking by link: the tour, the lead touring with its history, the email now and the reminder 24 hours before', async () => {
    const { leadId, linkId, hash } = await leadWithLink();
    const tour = await booked(book(hash));
    expect(tour).toMatchObject({
      leadId,
      startsAt: WEDNESDAY_10.toISOString(),
      endsAt: later(90 * 60_000, WEDNESDAY_10).toISOString(),
      status: 'booked',
      sequence: 0,
      hostId: null,
      brokerId: null,
      registrationId: null,
      createdAt: AT.toISOString(),
    });
    expect(await subject.store.bookedSpans(later(-DAY, WEDNESDAY_10), later(DAY, WEDNESDAY_10))).toEqual([
      { startsAt: WEDNESDAY_10.toISOString(), blockedUntil: later(120 * 60_000, WEDNESDAY_10).toISOString() },
    ]);
    expect(await subject.store.bookedSpans(later(120 * 60_000, WEDNESDAY_10), later(DAY, WEDNESDAY_10))).toEqual([]);

    const detail = (await subject.store.leadDetail(ava, leadId))!;
    expect(detail.lead.status).toBe('touring');
    // Two lines at one instant (the history orders ties by id: either way round).
    expect(detail.activity).toHaveLength(2);
    expect(detail.activity).toEqual(
      expect.arrayContaining([
        { at: AT.toISOString(), actor: 'Eleanor Whitfield', action: 'status', from: 'new', to: 'touring' },
        { at: AT.toISOString(), actor: 'Eleanor Whitfield', action: 'tour_booked', from: null, to: WEDNESDAY_10.toISOString() },
      ]),
    );

    expect(await guestAndHost()).toEqual([
      { kind: 'tour_booked', status: 'pending', due: AT, recipient: 'buyer', sequence: 0, tour_id: tour.id },
      { kind: 'tour_reminder', status: 'pending', due: later(-DAY, WEDNESDAY_10), recipient: 'buyer', sequence: 0, tour_id: tour.id },
    ]);
    // The worker reads what the email needs, with the link to derive the manage link from.
    const [claimed, ...none] = await claimAbout(AT);
    expect(none).toEqual([]);
    expect(claimed).toEqual({
      kind: 'tour_booked',
      about: { tour, timeZone: ZONE, buyer: { name: 'Eleanor Whitfield', email: 'eleanor@example.com' }, host: null, hostNow: null, broker: null, recipient: 'buyer', linkId, live: true },
    });
    expect(await subject.store.tourLink(hash, AT)).toMatchObject({ tour, hostName: null });
    // Once the team assigns a host, the buyer's page can name them; unassigned, no name again.
    expect(await subject.store.assignTourHost(ava, tour.id, lena.id, AT)).toBe(true);
    expect(await subject.store.tourLink(hash, AT)).toMatchObject({ tour: { id: tour.id }, hostName: 'Lena Brooks' });
    expect(await subject.store.assignTourHost(ava, tour.id, null, AT)).toBe(true);
    expect((await subject.store.tourLink(hash, AT))!.hostName).toBeNull();

    // The same link again: its tour, not a second one.
    expect(await book(hash, later(DAY, WEDNESDAY_10))).toEqual({ outcome: 'exists', tour });
  });

  test('times not allowed are refused: least notice, horizon, closed dates, days and hours closed, not on a minute', async () => {
    const { hash } = await leadWithLink();
    // A minute short of the least notice, and beyond the horizon, both within the hours.
    expect(await book(hash, new Date('2027-03-02T15:00:00.000Z'), new Date('2027-03-01T15:01:00.000Z'))).toEqual({ outcome: 'invalid' });
    expect(await book(hash, new Date('2027-03-31T14:00:00.000Z'))).toEqual({ outcome: 'invalid' });
    const notAllowed = [
      new Date('2027-03-07T15:00:00.000Z'), // a Sunday
      new Date('2027-03-03T14:00:00.000Z'), // 09:00 there
      new Date('2027-03-03T20:31:00.000Z'), // 15:31 there: 90 minutes end after 17:00
      new Date('2027-03-03T15:00:30.000Z'), // not on a minute
    ];
    for (const startsAt of notAllowed) expect(await book(hash, startsAt)).toEqual({ outcome: 'invalid' });
    await saveSettings({ closedDates: ['2027-03-03'] });
    expect(await book(hash)).toEqual({ outcome: 'invalid' });
    await saveSettings({});
    // The last time that ends by 17:00 there; and exactly the least notice.
    expect(await book(hash, new Date('2027-03-03T20:30:00.000Z'))).toMatchObject({ outcome: 'booked' });
    const other = await leadWithLink('theo@example.com');
    expect(await book(other.hash, new Date('2027-03-02T15:00:00.000Z'), new Date('2027-03-01T15:00:00.000Z'))).toMatchObject({ outcome: 'booked' });
    expect(await subject.sql('select count(*)::int as n from private.tours')).toEqual([{ n: 2 }]);
  });

  test('the horizon is so many calendar days at the same wall-clock time, across a daylight-saving change, as the open times count it', async () => {
    // 10:00 EDT on October 20; thirty days on is 10:00 EST on November 19, 25 hours later than 29 days of 24.
    const at = new Date('2027-10-20T14:00:00.000Z');
    const { hash } = await leadWithLink('autumn@example.com', at);
    expect(await book(hash, new Date('2027-11-19T15:01:00.000Z'), at)).toEqual({ outcome: 'invalid' });
    expect(await book(hash, new Date('2027-11-19T15:00:00.000Z'), at)).toMatchObject({ outcome: 'booked' });
  });

  test('capacity: one place is full for any overlapping time, free again after the buffer; two places take two', async () => {
    const [one, two, three] = [await leadWithLink('a@example.com'), await leadWithLink('b@example.com'), await leadWithLink('c@example.com')];
    await booked(book(one.hash));
    expect(await book(two.hash)).toEqual({ outcome: 'full' });
    expect(await book(two.hash, later(60 * 60_000, WEDNESDAY_10))).toEqual({ outcome: 'full' }); // during ours
    expect(await book(two.hash, later(119 * 60_000, WEDNESDAY_10))).toEqual({ outcome: 'full' }); // inside our buffer
    await booked(book(two.hash, later(120 * 60_000, WEDNESDAY_10))); // just after it
    // The constraint itself, not the functions, holds the place: a second booked tour on that seat at that time is
    // refused even written directly, and refused again when a cancelled one is made booked over it.
    const ours = (await subject.sql<{ id: string; lead_id: string }>("select id, lead_id from private.tours where starts_at = $1", [WEDNESDAY_10]))[0]!;
    const forged = "insert into private.tours (lead_id, starts_at, ends_at, blocked_until, time_zone, status, seat, created_at, changed_at) values ($1, $2, $3, $3, 'UTC', $4, 1, $5, $5) returning id";
    await expect(subject.sql(forged, [ours.lead_id, later(30 * 60_000, WEDNESDAY_10), later(60 * 60_000, WEDNESDAY_10), 'booked', AT])).rejects.toMatchObject({ code: '23P01' });
    const [cancelled] = await subject.sql<{ id: string }>(forged, [ours.lead_id, later(30 * 60_000, WEDNESDAY_10), later(60 * 60_000, WEDNESDAY_10), 'cancelled', AT]);
    await expect(subject.sql("update private.tours set status = 'booked' where id = $1", [cancelled!.id])).rejects.toMatchObject({ code: '23P01' });
    await subject.sql('delete from private.tours where id = $1', [cancelled!.id]);
    // Full, nothing was written for the refused bookings: the two booked, each to its buyer and to the team.
    expect(await subject.sql("select count(*)::int as n from private.outbox where kind = 'tour_booked'")).toEqual([{ n: 4 }]);

    await saveSettings({ capacity: 2 });
    const friday = new Date('2027-03-05T15:00:00.000Z');
    await booked(book(three.hash, friday));
    const four = await leadWithLink('d@example.com');
    await booked(book(four.hash, friday));
    const five = await leadWithLink('e@example.com');
    expect(await book(five.hash, friday)).toEqual({ outcome: 'full' });
    expect(await subject.store.bookedSpans(friday, later(DAY, friday))).toHaveLength(2);
  });

  test('settings apply to new bookings only: a tour keeps the length and buffer it was booked with, moved too', async () => {
    const [one, two] = [await leadWithLink('a@example.com'), await leadWithLink('b@example.com')];
    const first = await booked(book(one.hash));
    await saveSettings({ tourMinutes: 60, bufferMinutes: 0 });
    // The first still holds 10:00–12:00; the next may start at 12:00, for an hour.
    expect(await book(two.hash, later(90 * 60_000, WEDNESDAY_10))).toEqual({ outcome: 'full' });
    const second = await booked(book(two.hash, later(120 * 60_000, WEDNESDAY_10)));
    expect(second.endsAt).toBe(later(180 * 60_000, WEDNESDAY_10).toISOString());
    const friday = new Date('2027-03-05T15:00:00.000Z');
    expect(await subject.store.moveTourByLink(one.hash, friday, ZONE, AT)).toMatchObject({ outcome: 'moved', tour: { id: first.id, endsAt: later(90 * 60_000, friday).toISOString() } });
    expect(await subject.store.bookedSpans(friday, later(DAY, friday))).toEqual([{ startsAt: friday.toISOString(), blockedUntil: later(120 * 60_000, friday).toISOString() }]);
  });

  test('the last place, asked for at once: exactly one booked, the other full', async () => {
    for (let round = 0; round < 6; round += 1) {
      const startsAt = later(round * DAY, WEDNESDAY_10);
      if (startsAt.getUTCDay() === 0) continue;
      const links = [await leadWithLink(`x${round}@example.com`), await leadWithLink(`y${round}@example.com`)];
      const outcomes = await Promise.all(links.map((link) => book(link.hash, startsAt)));
      expect(outcomes.map((answer) => answer.outcome).sort()).toEqual(['booked', 'full']);
    }
  });

  // PGlite takes one connection, so only the server can show two sessions at once.
  (storeName === 'supabase' ? test : test.skip)('on the PostgreSQL server, concurrent sessions: the last place goes to exactly one, every time', async () => {
    const sessions = [new Client({ connectionString: subject.databaseUrl }), new Client({ connectionString: subject.databaseUrl })];
    await Promise.all(sessions.map((session) => session.connect()));
    try {
      await Promise.all(sessions.map((session) => session.query('set role service_role')));
      const call = (session: Client, hash: string, startsAt: Date) =>
        session
          .query<{ value: { outcome: string } }>('select public.book_tour_by_link($1, $2, $3, $4) as value', [hash, startsAt, ZONE, AT])
          .then(({ rows }) => rows[0]!.value.outcome);
      const [one, two] = sessions as [Client, Client];

      // Deterministically first: a booking whose transaction is still open holds the place; the other session's
      // insert waits its turn (seen in pg_locks), and once the first commits finds the place taken by the constraint.
      const [first, second] = [await leadWithLink('first@example.com'), await leadWithLink('second@example.com')];
      await one.query('begin');
      expect(await call(one, first.hash, WEDNESDAY_10)).toBe('booked');
      const waiting = call(two, second.hash, WEDNESDAY_10);
      await waitUntil(async () => (await subject.sql<{ n: number }>("select count(*)::int as n from pg_locks where not granted"))[0]!.n === 1);
      await one.query('commit');
      expect(await waiting).toBe('full');
      // And a rolled-back hold frees the place for the one waiting.
      const third = await leadWithLink('third@example.com');
      const fourth = await leadWithLink('fourth@example.com');
      const thursday = new Date('2027-03-04T15:00:00.000Z');
      await one.query('begin');
      expect(await call(one, third.hash, thursday)).toBe('booked');
      const after = call(two, fourth.hash, thursday);
      await waitUntil(async () => (await subject.sql<{ n: number }>("select count(*)::int as n from pg_locks where not granted"))[0]!.n === 1);
      await one.query('rollback');
      expect(await after).toBe('booked');

      // Then many rounds at once, capacity 1 and then 2 (two of three): times within the hours, Sundays and the
      // days used here left out.
      const times = [...Array(24).keys()]
        .map((index) => 8 + index)
        .filter((day) => ![14, 20, 21, 28].includes(day))
        .flatMap((day) => [15, 17, 19].map((hour) => new Date(Date.UTC(2027, 2, day, hour))));
      let expected = 2;
      for (let round = 0; round < 20; round += 1) {
        const startsAt = times[round]!;
        const links = [await leadWithLink(`p${round}@example.com`), await leadWithLink(`q${round}@example.com`)];
        const outcomes = await Promise.all([call(one, links[0]!.hash, startsAt), call(two, links[1]!.hash, startsAt)]);
        expect(outcomes.sort()).toEqual(['booked', 'full']);
        expected += 1;
      }
      await subject.store.saveTourSettings(ava, { ...DEFAULT_TOUR_SETTINGS, capacity: 2 }, AT);
      const three = [await leadWithLink('r1@example.com'), await leadWithLink('r2@example.com'), await leadWithLink('r3@example.com')];
      const saturday = new Date('2027-03-20T15:00:00.000Z');
      const [a, b] = await Promise.all([call(one, three[0]!.hash, saturday), call(two, three[1]!.hash, saturday)]);
      expect([a, b]).toEqual(['booked', 'booked']);
      expect(await call(one, three[2]!.hash, saturday)).toBe('full');
      expected += 2;
      expect(await subject.sql("select count(*)::int as n from private.tours where status = 'booked'")).toEqual([{ n: expected }]);
      // Never more tours on one seat at one time than the constraint allows.
      expect(
        await subject.sql(
          "select count(*)::int as n from private.tours a join private.tours b on a.id < b.id and a.seat = b.seat and a.status = 'booked' and b.status = 'booked' and tstzrange(a.starts_at, a.blocked_until) && tstzrange(b.starts_at, b.blocked_until)",
        ),
      ).toEqual([{ n: 0 }]);
    } finally {
      await Promise.all(sessions.map((session) => session.end()));
    }
  });

  (storeName === 'supabase' ? test : test.skip)('on the PostgreSQL server: a booking by a link waits for a cancellation of its tour, then finds the link dead', async () => {
    const { hash } = await leadWithLink();
    const tour = await booked(book(hash));
    const sessions = [new Client({ connectionString: subject.databaseUrl }), new Client({ connectionString: subject.databaseUrl })];
    await Promise.all(sessions.map((session) => session.connect()));
    try {
      const [one, two] = sessions as [Client, Client];
      await Promise.all(sessions.map((session) => session.query('set role service_role')));
      await one.query('begin');
      await one.query('select public.cancel_tour($1, $2, $3)', [ava.id, tour.id, later(HOUR)]);
      const booking = two
        .query<{ value: { outcome: string } }>('select public.book_tour_by_link($1, $2, $3, $4) as value', [hash, later(DAY, WEDNESDAY_10), ZONE, later(HOUR)])
        .then(({ rows }) => rows[0]!.value.outcome);
      await waitUntil(async () => (await subject.sql<{ n: number }>("select count(*)::int as n from pg_locks where not granted"))[0]!.n === 1);
      await one.query('commit');
      expect(await booking).toBe('dead');
      expect(await subject.sql("select count(*)::int as n from private.tours where status = 'booked'")).toEqual([{ n: 0 }]);
    } finally {
      await Promise.all(sessions.map((session) => session.end()));
    }
  });

  test('moving keeps the tour and raises its sequence; the old emails go stale, the reminder moves with it', async () => {
    const { leadId, hash } = await leadWithLink();
    const tour = await booked(book(hash));
    const friday = new Date('2027-03-05T16:00:00.000Z');
    const moved = await subject.store.moveTourByLink(hash, friday, ZONE, later(HOUR));
    expect(moved).toEqual({
      outcome: 'moved',
      tour: { ...tour, startsAt: friday.toISOString(), endsAt: later(90 * 60_000, friday).toISOString(), sequence: 1 },
    });
    expect(await guestAndHost()).toEqual([
      { kind: 'tour_booked', status: 'pending', due: AT, recipient: 'buyer', sequence: 0, tour_id: tour.id },
      { kind: 'tour_reminder', status: 'dropped', due: later(-DAY, WEDNESDAY_10), recipient: 'buyer', sequence: 0, tour_id: tour.id },
      { kind: 'tour_moved', status: 'pending', due: later(HOUR), recipient: 'buyer', sequence: 1, tour_id: tour.id },
      { kind: 'tour_reminder', status: 'pending', due: later(-DAY, friday), recipient: 'buyer', sequence: 1, tour_id: tour.id },
    ]);
    const claimed = await claimAbout(later(HOUR));
    expect(claimed.map(({ kind, about }) => [kind, about!.live, about!.tour.sequence])).toEqual([
      ['tour_booked', false, 1],
      ['tour_moved', true, 1],
    ]);
    expect((await subject.store.leadDetail(ava, leadId))!.activity.at(-1)).toMatchObject({
      action: 'tour_moved',
      from: WEDNESDAY_10.toISOString(),
      to: friday.toISOString(),
    });

    // Moving onto a full time changes nothing; nor onto a time not allowed.
    const other = await leadWithLink('theo@example.com');
    await booked(book(other.hash, WEDNESDAY_10));
    expect(await subject.store.moveTourByLink(hash, WEDNESDAY_10, ZONE, later(HOUR))).toEqual({ outcome: 'full', tour: moved.outcome === 'moved' ? moved.tour : null });
    expect(await subject.store.moveTourByLink(hash, new Date('2027-03-07T15:00:00.000Z'), ZONE, later(HOUR))).toMatchObject({ outcome: 'invalid' });
    // The team moves it (onto its own span, a little later: a tour never collides with itself).
    const later30 = later(30 * 60_000, friday);
    expect(await subject.store.moveTour(ava, tour.id, later30, ZONE, later(2 * HOUR))).toMatchObject({ outcome: 'moved', tour: { startsAt: later30.toISOString(), sequence: 2 } });
    // A broker may not move a tour that is not theirs.
    expect(await subject.store.moveTour(marcus, tour.id, friday, ZONE, later(2 * HOUR))).toEqual({ outcome: 'not_found' });
  });

  test('cancelling: the cancellation emailed, the reminder dropped, the place freed, the link dead', async () => {
    const { hash, linkId } = await leadWithLink();
    const tour = await booked(book(hash));
    expect(await subject.store.cancelTourByLink(hash, later(HOUR))).toEqual({ outcome: 'cancelled', tour: { ...tour, status: 'cancelled', sequence: 1 } });
    expect((await guestAndHost()).map(({ kind, status, sequence }) => [kind, status, sequence])).toEqual([
      ['tour_booked', 'pending', 0],
      ['tour_reminder', 'dropped', 0],
      ['tour_cancelled', 'pending', 1],
    ]);
    const claimed = await claimAbout(later(HOUR));
    expect(claimed.map(({ kind, about }) => [kind, about!.live, about!.linkId])).toEqual([
      ['tour_booked', false, linkId],
      ['tour_cancelled', true, linkId],
    ]);
    expect(await subject.store.tourLink(hash, later(HOUR))).toBeNull();
    expect(await book(hash, WEDNESDAY_10, later(HOUR))).toEqual({ outcome: 'dead' });
    expect(await subject.store.cancelTourByLink(hash, later(HOUR))).toEqual({ outcome: 'dead' });
    expect(await subject.store.bookedSpans(AT, later(30 * DAY))).toEqual([]);
    const other = await leadWithLink('theo@example.com');
    await booked(book(other.hash, WEDNESDAY_10, later(HOUR)));
    // Once the tour has started, nobody changes it.
    expect(await subject.store.cancelTour(ava, (await subject.store.tourLink(other.hash, AT))!.tour!.id, WEDNESDAY_10)).toEqual({ outcome: 'not_found' });
  });

  test('cancelling a lead’s only tour puts the lead back where it was before the booking, with a history line', async () => {
    const status = async (leadId: string) => (await subject.store.leadDetail(ava, leadId))!;
    // New when the buyer booked: new again once they cancel, by their link.
    const eleanor = await leadWithLink();
    await booked(book(eleanor.hash));
    expect((await status(eleanor.leadId)).lead.status).toBe('touring');
    expect(await subject.store.cancelTourByLink(eleanor.hash, later(HOUR))).toMatchObject({ outcome: 'cancelled' });
    const detail = await status(eleanor.leadId);
    expect(detail.lead.status).toBe('new');
    expect(detail.activity.filter((entry) => entry.at === later(HOUR).toISOString())).toEqual(
      expect.arrayContaining([
        { at: later(HOUR).toISOString(), actor: 'Eleanor Whitfield', action: 'tour_cancelled', from: WEDNESDAY_10.toISOString(), to: null },
        { at: later(HOUR).toISOString(), actor: 'Eleanor Whitfield', action: 'status', from: 'touring', to: 'new' },
      ]),
    );

    // Qualified by the team, then booked: the team cancels, and it is qualified again, in that member's name.
    const theo = await leadWithLink('theo@example.com');
    expect(await subject.store.changeLead(ava, theo.leadId, { field: 'status', value: 'qualified' }, false, AT)).toBe(true);
    const tour = await booked(book(theo.hash, later(DAY, WEDNESDAY_10)));
    expect(await subject.store.cancelTour(lena, tour.id, later(HOUR))).toMatchObject({ outcome: 'cancelled' });
    expect((await status(theo.leadId)).lead.status).toBe('qualified');
    expect((await status(theo.leadId)).activity).toContainEqual({ at: later(HOUR).toISOString(), actor: 'Lena Brooks', action: 'status', from: 'touring', to: 'qualified' });

    // Closed by the team since the booking: cancelling leaves it closed, and says nothing of its status.
    const ruth = await leadWithLink('ruth@example.com');
    await booked(book(ruth.hash, later(2 * DAY, WEDNESDAY_10)));
    await subject.store.changeLead(ava, ruth.leadId, { field: 'status', value: 'closed' }, false, AT);
    await subject.store.cancelTourByLink(ruth.hash, later(HOUR));
    expect((await status(ruth.leadId)).lead.status).toBe('closed');
    expect((await status(ruth.leadId)).activity.filter((entry) => entry.action === 'status').map((entry) => entry.to).sort()).toEqual(['closed', 'touring']);
  });

  test('a lead with another tour still booked stays touring when one is cancelled', async () => {
    const { leadId, hash } = await leadWithLink();
    await booked(book(hash));
    // Their broker books a second, for the registration that met the inquiry.
    const registration = await subject.store.registerBuyer(marcus, { fullName: 'Eleanor Whitfield', email: 'eleanor@example.com', phone: null, note: null }, AT);
    expect(await subject.store.decideRegistration(ava, registration.id, { status: 'registered' }, false, AT)).toBe(true);
    const second = await subject.store.bookTourForRegistration(marcus, registration.id, later(DAY, WEDNESDAY_10), ZONE, AT);
    if (second.outcome !== 'booked') throw new Error(second.outcome);
    expect(second.tour.leadId).toBe(leadId);
    await subject.store.cancelTour(marcus, second.tour.id, later(HOUR));
    expect((await subject.store.leadDetail(ava, leadId))!.lead.status).toBe('touring');
    // The last one cancelled: back to new, where the first booking found it.
    await subject.store.cancelTourByLink(hash, later(HOUR));
    expect((await subject.store.leadDetail(ava, leadId))!.lead.status).toBe('new');
  });

  test('the team is queued a copy of every booking, move and cancellation at once, host or not; the host theirs once assigned; no reminder', async () => {
    const { hash } = await leadWithLink();
    const tour = await booked(book(hash));
    await subject.store.moveTourByLink(hash, later(DAY, WEDNESDAY_10), ZONE, later(HOUR));
    expect(await subject.store.assignTourHost(ava, tour.id, lena.id, later(HOUR))).toBe(true);
    await subject.store.cancelTourByLink(hash, later(2 * HOUR));
    expect((await outbox()).filter((notice) => notice.recipient !== 'buyer').map(({ kind, recipient, due, sequence }) => [kind, recipient, due, sequence])).toEqual([
      ['tour_booked', 'team', AT, 0],
      ['tour_booked', 'host', later(HOUR), 1],
      ['tour_moved', 'team', later(HOUR), 1],
      ['tour_reminder', 'host', later(-DAY, later(DAY, WEDNESDAY_10)), 1],
      ['tour_cancelled', 'host', later(2 * HOUR), 2],
      ['tour_cancelled', 'team', later(2 * HOUR), 2],
    ]);
    // Each goes while it is the tour's latest news: the booking's copy was overtaken by the move before it went.
    const claimed = await subject.store.claimNotices({ now: later(2 * HOUR), limit: 50, leaseSeconds: 60, mailPerHour: 1000 });
    expect(
      claimed
        .map((notice) => readNoticeTour(notice.about)!)
        .filter((about) => about.recipient === 'team')
        .map((about) => [about.tour.sequence, about.live, about.host?.name ?? null]),
    ).toEqual([
      [2, false, 'Lena Brooks'],
      [2, false, 'Lena Brooks'],
      [2, true, 'Lena Brooks'],
    ]);
  });

  test('a broker books for their own active registration only; the invitation goes to them; the agenda shows it with its host', async () => {
    const registration = await subject.store.registerBuyer(marcus, { fullName: 'Theodore Crane', email: 'theo@crane.example', phone: null, note: null }, AT);
    expect(registration.status).toBe('registered');
    const answer = await subject.store.bookTourForRegistration(marcus, registration.id, WEDNESDAY_10, ZONE, AT);
    const tour = answer.outcome === 'booked' ? answer.tour : null;
    expect(tour).toMatchObject({ leadId: null, brokerId: marcus.id, registrationId: registration.id, sequence: 0 });
    await expect(subject.store.bookTourForRegistration(nadia, registration.id, WEDNESDAY_10, ZONE, AT)).rejects.toMatchObject({ code: '42501' });
    await expect(subject.store.bookTourForRegistration(ava, registration.id, WEDNESDAY_10, ZONE, AT)).rejects.toMatchObject({ code: '42501' });
    // Expired: refused.
    await expect(subject.store.bookTourForRegistration(marcus, registration.id, later(91 * DAY), ZONE, later(90 * DAY))).rejects.toMatchObject({ code: '42501' });
    // Under review: refused.
    await inquiry('ruth@example.com', 'Ruth Ames');
    const reviewed = await subject.store.registerBuyer(marcus, { fullName: 'Ruth Ames', email: 'ruth@example.com', phone: null, note: null }, AT);
    expect(reviewed.status).toBe('under_review');
    await expect(subject.store.bookTourForRegistration(marcus, reviewed.id, WEDNESDAY_10, ZONE, AT)).rejects.toMatchObject({ code: '42501' });

    const [claimed] = await claimAbout(AT);
    expect(claimed!.about).toMatchObject({ recipient: 'broker', broker: { name: 'Marcus Hale', email: 'marcus@hale.realty' }, buyer: { name: 'Theodore Crane' }, linkId: null, live: true });

    // The team assigns a host: a team member, who is sent the invitation and joins the reminder.
    expect(await subject.store.assignTourHost(ava, tour!.id, lena.id, later(HOUR))).toBe(true);
    await expect(subject.store.assignTourHost(ava, tour!.id, nadia.id, later(HOUR))).rejects.toMatchObject({ code: '22023' });
    await expect(subject.store.assignTourHost(marcus, tour!.id, lena.id, later(HOUR))).rejects.toMatchObject({ code: '42501' });
    expect((await guestAndHost()).filter((notice) => notice.status === 'pending').map(({ kind, recipient }) => [kind, recipient])).toEqual([
      ['tour_booked', 'broker'],
      ['tour_booked', 'host'],
      ['tour_reminder', 'broker'],
      ['tour_reminder', 'host'],
    ]);
    // Replaced before it went, the first host's invitation is not sent; the new host's is.
    expect(await subject.store.assignTourHost(ava, tour!.id, ava.id, later(HOUR))).toBe(true);
    expect((await claimAbout(later(HOUR))).filter(({ about }) => about!.recipient === 'host').map(({ kind, about }) => [kind, about!.recipient, about!.host!.name, about!.live])).toEqual([
      ['tour_booked', 'host', 'Ava Laurent', false],
      ['tour_booked', 'host', 'Ava Laurent', true],
    ]);
    expect(await subject.store.assignTourHost(ava, tour!.id, lena.id, later(HOUR))).toBe(true);
    const agenda = await subject.store.tourAgenda(lena, later(-DAY, WEDNESDAY_10), later(DAY, WEDNESDAY_10));
    expect(agenda).toEqual([
      {
        tour: { ...tour, hostId: lena.id },
        timeZone: ZONE,
        buyer: { name: 'Theodore Crane', email: 'theo@crane.example', phone: null },
        host: { id: lena.id, name: 'Lena Brooks', email: 'lena@aldercrest.example', brokerage: null },
        broker: { id: marcus.id, name: 'Marcus Hale', email: 'marcus@hale.realty', brokerage: 'Hale Realty' },
      },
    ]);
    expect(await subject.store.tourAgenda(ava, later(DAY, WEDNESDAY_10), later(2 * DAY, WEDNESDAY_10))).toEqual([]);
    await expect(subject.store.tourAgenda(marcus, AT, later(DAY))).rejects.toMatchObject({ code: '42501' });
    expect((await subject.store.brokerTours(marcus)).map((entry) => entry.tour.id)).toEqual([tour!.id]);
    expect(await subject.store.brokerTours(nadia)).toEqual([]);
    // The broker cancels their own; another broker may not.
    expect(await subject.store.cancelTour(nadia, tour!.id, later(HOUR))).toEqual({ outcome: 'not_found' });
    expect(await subject.store.cancelTour(marcus, tour!.id, later(HOUR))).toMatchObject({ outcome: 'cancelled' });
    expect(await subject.store.tourAgenda(ava, AT, later(30 * DAY))).toEqual([]);
  });

  test('a host replaced after their invitation went is sent its withdrawal, naming who hosts it now; not once host again, nor after the start', async () => {
    const tour = await booked(book((await leadWithLink()).hash));
    const hostNotices = async (now: Date) =>
      (await subject.store.claimNotices({ now, limit: 50, leaseSeconds: 60, mailPerHour: 1000 }))
        .map((notice) => ({ ...notice, about: readNoticeTour(notice.about)! }))
        .filter((notice) => notice.about.recipient === 'host')
        .sort((one, other) => one.kind.localeCompare(other.kind));
    const sent = async (notices: { id: string; token: string }[], now: Date) => {
      for (const { id, token } of notices) expect(await subject.store.completeNotice({ id, token, outcome: 'sent', error: null, nextAttemptAt: null, now })).toBe(true);
    };
    const released = async (tourId: string) =>
      (await outbox()).filter((notice) => notice.kind === 'tour_released' && notice.tour_id === tourId).map(({ status, sequence }) => [status, sequence]);

    // Lena's invitation went; the tour passes to Ava: Lena is sent its withdrawal, naming Ava, and Ava the invitation.
    expect(await subject.store.assignTourHost(ava, tour.id, lena.id, later(HOUR))).toBe(true);
    await sent(await hostNotices(later(HOUR)), later(HOUR));
    expect(await subject.store.assignTourHost(ava, tour.id, ava.id, later(2 * HOUR))).toBe(true);
    expect(await released(tour.id)).toEqual([['pending', 0]]);
    const handedOver = await hostNotices(later(2 * HOUR));
    expect(handedOver.map(({ kind, about }) => [kind, about.host?.name, about.hostNow?.name ?? null, about.live])).toEqual([
      ['tour_booked', 'Ava Laurent', 'Ava Laurent', true],
      ['tour_released', 'Lena Brooks', 'Ava Laurent', true],
    ]);
    await sent(handedOver, later(2 * HOUR));

    // Taken from Ava and left with no host: her withdrawal names nobody. Made host again before it went, she is not
    // sent it: the new invitation stands.
    expect(await subject.store.assignTourHost(ava, tour.id, null, later(3 * HOUR))).toBe(true);
    expect((await hostNotices(later(3 * HOUR))).map(({ kind, about }) => [kind, about.host?.name, about.hostNow, about.live])).toEqual([
      ['tour_released', 'Ava Laurent', null, true],
    ]);
    expect(await subject.store.assignTourHost(ava, tour.id, ava.id, later(3 * HOUR))).toBe(true);
    expect((await hostNotices(later(4 * HOUR))).map(({ kind, about }) => [kind, about.live])).toEqual([
      ['tour_booked', true],
      ['tour_released', false],
    ]);

    // Once the tour has begun, nobody is told of a change of host.
    const count = (await released(tour.id)).length;
    expect(await subject.store.assignTourHost(ava, tour.id, lena.id, new Date(Date.parse(tour.startsAt) + 60_000))).toBe(true);
    expect(await released(tour.id)).toHaveLength(count);

    // Replaced before their invitation went, a host is told nothing: they never heard of the tour.
    const other = await booked(book((await leadWithLink('theo@example.com')).hash, new Date('2027-03-05T15:00:00.000Z')));
    expect(await subject.store.assignTourHost(ava, other.id, lena.id, later(HOUR))).toBe(true);
    expect(await subject.store.assignTourHost(ava, other.id, ava.id, later(HOUR))).toBe(true);
    expect(await released(other.id)).toEqual([]);

    // A member who leaves the team is sent no host's notice, of any kind, queued before they left: each names the buyer.
    expect(await subject.store.assignTourHost(ava, other.id, lena.id, later(HOUR))).toBe(true);
    await sent(await hostNotices(later(HOUR)), later(HOUR));
    expect(await subject.store.assignTourHost(ava, other.id, ava.id, later(2 * HOUR))).toBe(true);
    expect(await subject.store.assignTourHost(ava, other.id, lena.id, later(2 * HOUR))).toBe(true);
    const states = async (now: Date) => (await hostNotices(now)).map(({ kind, about }) => `${kind} ${about.host?.name} ${about.live}`).sort();
    // Ava's invitation overtaken, Lena's own withdrawal overtaken (she is host again); Lena's invitation and Ava's
    // withdrawal to send.
    expect(await states(later(2 * HOUR))).toEqual(['tour_booked Lena Brooks false', 'tour_booked Lena Brooks true', 'tour_released Ava Laurent true', 'tour_released Lena Brooks false']);
    await subject.sql("update private.accounts set status = 'removed' where id = $1", [lena.id]);
    // Claimed again once their lease has run out: Lena's invitation is now put aside, Ava's withdrawal still goes.
    expect(await states(later(2 * HOUR + 120_000))).toEqual(['tour_booked Lena Brooks false', 'tour_booked Lena Brooks false', 'tour_released Ava Laurent true', 'tour_released Lena Brooks false']);
  });

  test('a broker’s tour of a buyer who wrote to us moves that lead to touring', async () => {
    const leadId = await inquiry('eleanor@example.com');
    const registration = await subject.store.registerBuyer(marcus, { fullName: 'Eleanor Whitfield', email: 'eleanor@example.com', phone: null, note: null }, AT);
    expect(await subject.store.decideRegistration(ava, registration.id, { status: 'registered' }, false, AT)).toBe(true);
    expect(await subject.store.bookTourForRegistration(marcus, registration.id, WEDNESDAY_10, ZONE, AT)).toMatchObject({ outcome: 'booked', tour: { leadId } });
    expect((await subject.store.leadDetail(ava, leadId))!.activity.map((entry) => [entry.actor, entry.action, entry.to]).sort()).toEqual([
      ['Marcus Hale', 'status', 'touring'],
      ['Marcus Hale', 'tour_booked', WEDNESDAY_10.toISOString()],
    ]);
  });

  test('erasure: the erased lead’s link is dead, their tours and emails gone, the place free', async () => {
    // Registered by a broker before she wrote to us, then by her own link.
    const registration = await subject.store.registerBuyer(nadia, { fullName: 'Eleanor W', email: 'eleanor@example.com', phone: null, note: null }, AT);
    expect(await subject.store.bookTourForRegistration(nadia, registration.id, new Date('2027-03-04T15:00:00.000Z'), ZONE, AT)).toMatchObject({ outcome: 'booked' });
    const { hash } = await leadWithLink();
    await booked(book(hash));
    const kept = await leadWithLink('theo@example.com');
    await booked(book(kept.hash, new Date('2027-03-05T15:00:00.000Z')));

    await subject.store.erasePerson(ava, 'eleanor@example.com', AT);
    expect(await subject.store.tourLink(hash, AT)).toBeNull();
    expect(await book(hash)).toEqual({ outcome: 'dead' });
    expect(await subject.sql('select count(*)::int as tours from private.tours')).toEqual([{ tours: 1 }]);
    expect(await subject.sql('select count(*)::int as links from private.tour_links')).toEqual([{ links: 1 }]);
    expect(new Set((await outbox()).map((notice) => notice.tour_id)).size).toBe(1);
    expect(await subject.sql('select count(*)::int as n from private.outbox')).toEqual([{ n: (await outbox()).length }]);
    expect(await subject.store.bookedSpans(AT, later(30 * DAY))).toHaveLength(1);
  });

  test('retention: tours of deleted leads and tours long over go, with their emails; links long expired go', async () => {
    const old = await leadWithLink('old@example.com');
    await booked(book(old.hash));
    const recent = await leadWithLink('recent@example.com');
    await booked(book(recent.hash, new Date('2027-03-04T15:00:00.000Z')));
    await subject.sql('update prospect_inquiries set created_at = $1 where id = $2', [later(-400 * DAY), old.leadId]);

    // A year and a bit later: the old lead goes with its tour; the recent lead (made young again) keeps its link
    // row only while it has not long expired, and its tour, long over, goes.
    const year = later(400 * DAY);
    await subject.sql('update prospect_inquiries set created_at = $1 where id = $2', [later(-10 * DAY, year), recent.leadId]);
    expect(await subject.store.applyRetention(365, year)).toMatchObject({ leads: 1, tours: 2 });
    expect(await subject.sql('select count(*)::int as n from private.tours')).toEqual([{ n: 0 }]);
    expect(await subject.sql('select count(*)::int as n from private.tour_links')).toEqual([{ n: 0 }]);
    expect(await subject.sql('select count(*)::int as n from private.outbox')).toEqual([{ n: 0 }]);
    expect(await subject.store.applyRetention(365, year)).toMatchObject({ leads: 0, tours: 0 });
  });
});

async function waitUntil(condition: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not reached');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
