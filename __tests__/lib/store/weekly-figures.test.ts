import { randomBytes } from 'node:crypto';
import { parseServerConfig } from '@/lib/config/server';
import { createDeliveryWorker } from '@/lib/delivery/worker';
import type { Actor } from '@/lib/auth/types';
import { authContextFor, signInPeople } from '../../support/accounts';
import { mailEnvironment, relayForTests } from '../../support/smtp';
import { STORE_NAMES, storeForTests } from '../../support/stores';

// An owner's Monday email of the week's figures, on both stores: asked for and stopped on the account page (the
// store's function), due every Monday at 8:00 in the site's zone through the outbox, read as of the Sunday evening
// before, and the next Monday's scheduled when one is done with. The clock is injected; the mail is read from the
// test's SMTP server.

const AUTH_KEY = randomBytes(32);
const ZONE = 'America/Los_Angeles';
const refused = (code: string) => ({ name: 'StoreError', reason: 'rejected', code });
/** Wednesday 3 March 2027, 7:00 in Los Angeles. */
const WEDNESDAY = new Date('2027-03-03T15:00:00.000Z');
/** The next Monday at 8:00 in Los Angeles (standard time), and the one after (daylight time from 14 March). */
const MONDAY = Date.parse('2027-03-08T16:00:00.000Z');
const NEXT_MONDAY = '2027-03-15T15:00:00.000Z';

describe.each(STORE_NAMES)('the Monday email of the week’s figures on the %s store', (storeName) => {
  const subject = storeForTests(storeName);
  const relay = relayForTests();
  let ava: Actor;
  let julien: Actor;
  let clock: number;
  const now = () => clock;

  beforeEach(async () => {
    clock = WEDNESDAY.getTime();
    relay.received.length = 0;
    await subject.sql(
      'truncate prospect_inquiries, broker_requests, private.submission_log, private.outbox, private.receipt_log, private.lead_notes, private.lead_activity, private.erasures, private.sign_in_requests, private.tours, private.accounts cascade',
    );
    ({ ava, julien } = await signInPeople(subject, { ...authContextFor(subject, now, false), key: AUTH_KEY }, ['ava', 'julien']));
  });

  const notices = () =>
    subject.sql<{ status: string; next_attempt_at: Date; last_error: string | null }>(
      "select status, next_attempt_at, last_error from private.outbox where kind = 'weekly_figures' order by next_attempt_at",
    );
  const worker = () =>
    createDeliveryWorker({
      store: subject.store,
      config: parseServerConfig({ ...mailEnvironment(relay), SITE_TIME_ZONE: ZONE } as unknown as NodeJS.ProcessEnv),
      siteUrl: new URL('https://aldercrest.example'),
      authKey: AUTH_KEY,
      now,
    });

  test('an owner asks for it and stops it; the next Monday at 8:00 in the site’s zone waits in the outbox, once however often asked; none but an owner may', async () => {
    expect(await subject.store.weeklyFigures(ava, null, ZONE, WEDNESDAY)).toBe(false);
    expect(await subject.store.weeklyFigures(ava, true, ZONE, WEDNESDAY)).toBe(true);
    expect(await subject.store.weeklyFigures(ava, true, ZONE, new Date(WEDNESDAY.getTime() + 60_000))).toBe(true);
    expect(await subject.store.weeklyFigures(ava, null, ZONE, WEDNESDAY)).toBe(true);
    expect((await notices()).map((row) => [row.status, new Date(row.next_attempt_at).toISOString()])).toEqual([['pending', new Date(MONDAY).toISOString()]]);

    await expect(subject.store.weeklyFigures(julien, true, ZONE, WEDNESDAY)).rejects.toMatchObject(refused('42501'));
    await expect(subject.store.weeklyFigures(ava, true, 'Mars/Olympus_Mons', WEDNESDAY)).rejects.toMatchObject(refused('22023'));

    expect(await subject.store.weeklyFigures(ava, false, ZONE, WEDNESDAY)).toBe(false);
    expect((await notices()).map((row) => [row.status, row.last_error])).toEqual([['dropped', 'turned_off']]);
    // Put aside, it schedules no other.
    expect(await notices()).toHaveLength(1);
  });

  test('on Monday at 8:00 the week just ended reaches the owner, beside the week before; then the next Monday’s waits', async () => {
    // The week of 1 March: two inquiries (one from instagram) and a broker request; the week before, one inquiry.
    await subject.sql(
      `insert into public.prospect_inquiries (full_name, email, created_at, utm_source) values
        ('Eleanor Whitfield', 'eleanor@example.com', '2027-03-01T18:00:00Z', 'instagram'),
        ('Theo Grant', 'theo@example.com', '2027-03-06T20:00:00Z', null),
        ('Iris Vale', 'iris@example.com', '2027-02-24T18:00:00Z', null)`,
    );
    await subject.sql(
      `insert into public.broker_requests (full_name, email, brokerage, created_at) values ('Marcus Hale', 'marcus@hale.realty', 'Hale Realty', '2027-03-02T18:00:00Z')`,
    );
    await subject.store.weeklyFigures(ava, true, ZONE, WEDNESDAY);
    const delivery = worker();

    clock = MONDAY - 60_000;
    expect(await delivery.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0, dropped: 0 });
    clock = MONDAY;
    expect(await delivery.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0, dropped: 0 });

    expect(relay.received).toHaveLength(1);
    const mail = relay.received[0]!;
    expect(mail.envelope.to).toEqual(['ava@aldercrest.example']);
    expect(mail.parsed.subject).toBe('The week in figures: 1 March 2027');
    const text = mail.parsed.text!;
    expect(text).toContain('Good morning, Ava Laurent. Here is the week of 1 March 2027 at Aldercrest, beside the week before.');
    expect(text).toContain('Leads: 3 (2 inquiries, 1 broker request); 1 the week before');
    expect(text).toContain('Where they came from: Direct brought the most, 2 leads');
    expect(text).toContain('Tours: 0 booked, 0 cancelled');
    expect(text).toContain('The estate now: No lot is listed yet');
    expect(text).toContain('See every figure: https://aldercrest.example/admin/insights?period=4w');
    expect(mail.parsed.html).toContain('3 (2 inquiries, 1 broker request); 1 the week before');
    expect(mail.parsed.html).toContain('href="https://aldercrest.example/admin/insights?period=4w"');

    // Sent, and the next Monday's due at 8:00 daylight time.
    expect((await notices()).map((row) => [row.status, new Date(row.next_attempt_at).toISOString()])).toEqual([
      ['sent', new Date(MONDAY).toISOString()],
      ['pending', NEXT_MONDAY],
    ]);
    await delivery.stop();
  });

  test('an owner who is no longer one gets no more: the waiting email is put aside when it falls due, and none follows', async () => {
    await subject.store.weeklyFigures(ava, true, ZONE, WEDNESDAY);
    await subject.sql("update private.accounts set role = 'member' where id = $1", [ava.id]);
    const delivery = worker();
    clock = MONDAY;
    expect(await delivery.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0, dropped: 1 });
    expect(relay.received).toHaveLength(0);
    expect((await notices()).map((row) => row.status)).toEqual(['dropped']);
    await delivery.stop();
  });
});
