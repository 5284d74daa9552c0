import { randomBytes } from 'node:crypto';
import { newInvitation } from '@/lib/auth/sign-in';
import { parseServerConfig } from '@/lib/config/server';
import { createDeliveryWorker } from '@/lib/delivery/worker';
import { OVERDUE_AFTER_MS, formatWait, overdueWait } from '@/lib/leads/overdue';
import { processLead } from '@/lib/leads/submit';
import type { Actor } from '@/lib/auth/types';
import { authContextFor, createAccount, signInAs, signInPeople } from '../../support/accounts';
import { formData } from '../../support/form-data';
import { submissionContext } from '../../support/request';
import { mailEnvironment, relayForTests } from '../../support/smtp';
import { STORE_NAMES, storeForTests } from '../../support/stores';

const AUTH_KEY = randomBytes(32);
const agent = { full_name: 'Marcus Hale', email: 'marcus@hale.realty', brokerage: 'Hale Realty', license_number: 'DRE 01234567', phone: '', message: '' };
const refused = (code: string) => ({ name: 'StoreError', reason: 'rejected', code });
const HOUR = 3_600_000;
const MINUTE = 60_000;

describe('what is overdue', () => {
  const created_at = '2026-11-20T15:00:00.000Z';
  const at = (ms: number) => new Date(Date.parse(created_at) + ms);

  test('a pending request is overdue from 20 hours after it arrived, not a minute before', () => {
    expect(OVERDUE_AFTER_MS).toBe(20 * HOUR);
    expect(overdueWait({ status: 'pending', created_at }, at(19 * HOUR + 59 * MINUTE))).toBeNull();
    expect(overdueWait({ status: 'pending', created_at }, at(20 * HOUR))).toBe(20 * HOUR);
    expect(overdueWait({ status: 'pending', created_at }, at(26 * HOUR))).toBe(26 * HOUR);
  });

  test('an answered request is never overdue', () => {
    expect(overdueWait({ status: 'approved', created_at }, at(30 * HOUR))).toBeNull();
    expect(overdueWait({ status: 'declined', created_at }, at(30 * HOUR))).toBeNull();
  });

  test('a wait reads in hours and minutes, past two days in days and hours', () => {
    expect(formatWait(20 * HOUR)).toBe('20 h 0 min');
    expect(formatWait(21 * HOUR + 4 * MINUTE + 59_000)).toBe('21 h 4 min');
    expect(formatWait(47 * HOUR)).toBe('47 h 0 min');
    expect(formatWait(50 * HOUR)).toBe('2 d 2 h');
  });
});

describe.each(STORE_NAMES)('overdue broker requests on the %s store', (storeName) => {
  const subject = storeForTests(storeName);
  const relay = relayForTests();
  let ava: Actor;
  /** The injected clock: the database stamps the real time, the test moves this one. */
  let clock: number;
  const now = () => clock;

  beforeEach(async () => {
    clock = Date.now() + MINUTE;
    relay.received.length = 0;
    await subject.sql(
      'truncate prospect_inquiries, broker_requests, private.submission_log, private.outbox, private.receipt_log, private.lead_notes, private.lead_activity, private.erasures, private.sign_in_requests, private.accounts cascade',
    );
    // Signed in without mail, so that no sign-in email waits in the outbox.
    ({ ava } = await signInPeople(subject, { ...authContextFor(subject, now, false), key: AUTH_KEY }, ['ava']));
  });

  const env = (overrides: Record<string, string> = {}) => mailEnvironment(relay, overrides);
  const worker = () =>
    createDeliveryWorker({ store: subject.store, config: parseServerConfig(env() as unknown as NodeJS.ProcessEnv), siteUrl: new URL('https://aldercrest.example'), authKey: AUTH_KEY, now });
  const submitBroker = async (overrides: Record<string, string> = {}) => {
    const outcome = await processLead('broker', formData(agent), submissionContext({ store: subject.store, env: env(overrides), now }));
    expect(outcome.status).toBe('success');
    const [row] = await subject.sql<{ id: string; created_at: Date }>('select id, created_at from broker_requests where email = $1', [agent.email]);
    return { id: row!.id, createdAt: new Date(row!.created_at).getTime() };
  };
  const overdueMail = () => relay.received.filter((mail) => mail.parsed.subject?.startsWith('Overdue:'));
  const overdueNotices = () => subject.sql<{ status: string; last_error: string | null }>("select status, last_error from private.outbox where kind = 'broker_overdue'");

  test('the reminder falls due 20 hours after the request arrived, and reaches the broker team once, however many workers run', async () => {
    const { id, createdAt } = await submitBroker();
    const first = worker();
    // The team's email and the receipt go at once; the reminder waits.
    expect(await first.runOnce()).toEqual({ sent: 2, retried: 0, failed: 0, dropped: 0 });

    clock = createdAt + 19 * HOUR + 59 * MINUTE;
    expect(await first.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0, dropped: 0 });
    expect(overdueMail()).toHaveLength(0);

    clock = createdAt + 20 * HOUR;
    // Two workers at once, then one more round each, as after a restart: one email.
    const second = worker();
    const rounds = await Promise.all([first.runOnce(), second.runOnce()]);
    expect(rounds.reduce((sum, round) => sum + round.sent, 0)).toBe(1);
    clock += 5 * MINUTE;
    expect((await first.runOnce()).sent + (await worker().runOnce()).sent).toBe(0);

    const mails = overdueMail();
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.envelope.to.sort()).toEqual(['brokers@aldercrest.example', 'sales@aldercrest.example']);
    expect(mail.parsed.subject).toBe('Overdue: Marcus Hale, Hale Realty, waiting 20 h 0 min');
    expect(mail.parsed.text).toContain('Marcus Hale');
    expect(mail.parsed.text).toContain('Hale Realty');
    expect(mail.parsed.text).toContain('waited 20 h 0 min');
    expect(mail.parsed.text).toContain(`https://aldercrest.example/admin/leads/${id}`);
    expect(mail.parsed.html).toContain(`href="https://aldercrest.example/admin/leads/${id}"`);
    expect(await overdueNotices()).toEqual([{ status: 'sent', last_error: null }]);
    // The inbox shows it with the request's other notices.
    expect((await subject.store.leadNotices(ava, [id])).map((notice) => [notice.kind, notice.status]).sort()).toEqual([
      ['broker_overdue', 'sent'],
      ['receipt', 'sent'],
      ['team_email', 'sent'],
    ]);
    await first.stop();
    await second.stop();
  });

  test('a request answered before the reminder falls due is not reminded of: the answer puts the reminder aside', async () => {
    const { id, createdAt } = await submitBroker();
    clock = createdAt + HOUR;
    expect(await subject.store.decideBroker(ava, id, 'approved', false, newInvitation(authContextFor(subject, now)).invitation, new Date(clock))).toBe(true);
    expect(await overdueNotices()).toEqual([{ status: 'dropped', last_error: 'answered' }]);
    const delivery = worker();
    clock = createdAt + 20 * HOUR;
    expect(await delivery.runOnce()).toEqual({ sent: 2, retried: 0, failed: 0, dropped: 0 });
    expect(overdueMail()).toHaveLength(0);
    await delivery.stop();
  });

  test('answered while a worker held the reminder and could not send it, the reminder is not sent on its next try', async () => {
    const { id, createdAt } = await submitBroker();
    const delivery = worker();
    await delivery.runOnce();
    clock = createdAt + 20 * HOUR;
    const [held] = await subject.store.claimNotices({ now: new Date(clock), limit: 1, leaseSeconds: 120, mailPerHour: 200 });
    expect(held).toMatchObject({ kind: 'broker_overdue', about: { request_id: id, pending: true } });
    expect(await subject.store.decideBroker(ava, id, 'declined', false, newInvitation(authContextFor(subject, now)).invitation, new Date(clock))).toBe(true);
    // The relay was down for that worker: it reports a retry a minute on.
    expect(
      await subject.store.completeNotice({ id: held!.id, token: held!.token, outcome: 'retry', error: 'connection', nextAttemptAt: new Date(clock + MINUTE), now: new Date(clock) }),
    ).toBe(true);
    clock += MINUTE;
    expect(await delivery.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0, dropped: 1 });
    expect(overdueMail()).toHaveLength(0);
    expect(await overdueNotices()).toEqual([{ status: 'dropped', last_error: 'answered' }]);
    await delivery.stop();
  });

  test('without mail there is no team email, and no reminder either', async () => {
    const outcome = await processLead('broker', formData(agent), submissionContext({ store: subject.store, env: {}, now }));
    expect(outcome.status).toBe('success');
    expect(await subject.sql('select kind from private.outbox')).toEqual([]);
  });

  test('the reminder is not waiting before it falls due, for the health check; erasure takes it with the request', async () => {
    await submitBroker();
    expect((await subject.sql<{ kind: string }>('select kind from private.outbox order by kind')).map((row) => row.kind)).toEqual(['broker_overdue', 'receipt', 'team_email']);
    await subject.sql("update private.outbox set status = 'sent', sent_at = now() where kind <> 'broker_overdue'");
    expect((await subject.store.checkHealth()).oldestPendingSeconds).toBeNull();
    expect(await subject.store.erasePerson(ava, agent.email, new Date())).toBe(1);
    expect(await subject.sql('select kind from private.outbox')).toEqual([]);
  });

  test('retention takes the reminder with the request', async () => {
    const { id } = await submitBroker();
    await subject.sql("update broker_requests set created_at = now() - interval '400 days' where id = $1", [id]);
    expect(await subject.store.applyRetention(365, new Date())).toMatchObject({ leads: 1 });
    expect(await subject.sql('select kind from private.outbox')).toEqual([]);
  });

  test('a request keeps when it was first answered, whoever answers it and however often', async () => {
    const { id } = await submitBroker();
    const decidedAt = async () => (await subject.sql<{ decided_at: Date | null }>('select decided_at from broker_requests where id = $1', [id]))[0]!.decided_at;
    expect(await decidedAt()).toBeNull();
    const invitation = () => newInvitation(authContextFor(subject, now)).invitation;
    expect(await subject.store.decideBroker(ava, id, 'approved', false, invitation(), new Date(clock))).toBe(true);
    const first = await decidedAt();
    expect(first).not.toBeNull();
    await subject.sql("update broker_requests set decided_at = decided_at - interval '1 hour' where id = $1", [id]);
    expect(await subject.store.decideBroker(ava, id, 'declined', false, invitation(), new Date(clock))).toBe(true);
    expect(new Date((await decidedAt())!).getTime()).toBe(new Date(first!).getTime() - HOUR);
  });

  test('per month in the site’s time zone: arrived, answered within 24 hours, later, still waiting; for the team alone', async () => {
    const insert = (createdAt: string, status: string, decidedAt: string | null) =>
      subject.sql('insert into broker_requests (full_name, email, brokerage, created_at, status, decided_at) values ($1, $2, $3, $4, $5, $6)', [
        'A Broker',
        `broker${Math.random().toString(36).slice(2)}@example.com`,
        'Some Realty',
        createdAt,
        status,
        decidedAt,
      ]);
    // 11:30 pm on 31 October in New York, already November in UTC: answered in 2 hours.
    await insert('2026-11-01T03:30:00Z', 'approved', '2026-11-01T05:30:00Z');
    // Exactly 24 hours counts as within.
    await insert('2026-10-10T14:00:00Z', 'declined', '2026-10-11T14:00:00Z');
    // 12:30 am on 1 November in New York: answered after 30 hours.
    await insert('2026-11-01T04:30:00Z', 'approved', '2026-11-02T10:30:00Z');
    // Still waiting.
    await insert('2026-11-15T12:00:00Z', 'pending', null);

    expect(await subject.store.brokerResponseMonths(ava, 'America/New_York')).toEqual([
      { month: '2026-11', arrived: 2, withinDay: 0, later: 1, waiting: 1 },
      { month: '2026-10', arrived: 2, withinDay: 2, later: 0, waiting: 0 },
    ]);
    expect(await subject.store.brokerResponseMonths(ava, 'UTC')).toEqual([
      { month: '2026-11', arrived: 3, withinDay: 1, later: 1, waiting: 1 },
      { month: '2026-10', arrived: 1, withinDay: 1, later: 0, waiting: 0 },
    ]);

    await createAccount(subject, { email: 'nadia@okafor.example', name: 'Nadia Okafor', role: 'broker' });
    const nadia = await signInAs(subject, { ...authContextFor(subject, now, false), key: AUTH_KEY }, 'nadia@okafor.example');
    await expect(subject.store.brokerResponseMonths(nadia, 'America/New_York')).rejects.toMatchObject(refused('42501'));
  });
});
