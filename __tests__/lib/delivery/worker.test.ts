import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { parseServerConfig } from '@/lib/config/server';
import { createDeliveryWorker } from '@/lib/delivery/worker';
import { processLead } from '@/lib/leads/submit';
import { captureLogLines, formData } from '../../support/form-data';
import { STORE_NAMES, storeForTests } from '../../support/stores';
import { startReceiver } from '../../support/receiver';
import { mailEnvironment, relayForTests, type TestRelay } from '../../support/smtp';
import { submissionContext } from '../../support/request';
import { authContextFor, newestChallenge, openPortalTo, signInPeople } from '../../support/accounts';
import { newInvitation, requestSignInCode, signInWithCode } from '@/lib/auth/sign-in';
import type { Actor } from '@/lib/auth/types';

const AUTH_KEY = randomBytes(32);
const SECRET = `whsec_${Buffer.from('a test secret of thirty-two bytes').toString('base64')}`;
const prospect = { full_name: 'Eleanor Whitfield', email: 'eleanor@example.com', phone: '+1 555 0100', message: 'A private tour, please.\nWeekends suit us.' };
const agent = { full_name: 'Marcus Hale', email: 'marcus@hale.realty', brokerage: 'Hale Realty', license_number: 'DRE 01234567', phone: '', message: '' };

describe.each(STORE_NAMES)('delivery on the %s store', (storeName) => {
  const subject = storeForTests(storeName);
  const relay = relayForTests();
  let hooks: Awaited<ReturnType<typeof startReceiver>>;
  /**
   * The injected clock: a minute ahead of the real time, so that every notice the database stamps during a
   * test is already due by it, and moving only when told.
   */
  let clock: number;
  let ava: Actor;
  const now = () => clock;
  const minutes = (count: number) => (clock += count * 60_000);

  beforeEach(async () => {
    clock = Date.now() + 60_000;
    relay.received.length = 0;
    relay.setMode('accept');
    if (relay.port && !(await isListening(relay))) await relay.start();
    hooks = await startReceiver([200]);
    await subject.sql('truncate prospect_inquiries, broker_requests, private.submission_log, private.outbox, private.receipt_log, private.sign_in_requests, private.accounts cascade');
    // Signed in without mail, so that no sign-in email waits in the outbox of the tests below.
    ({ ava } = await signInPeople(subject, { ...authContextFor(subject, now, false), key: AUTH_KEY }, ['ava']));
  });
  afterEach(() => hooks.stop());

  const environment = (overrides: Record<string, string> = {}) => mailEnvironment(relay, overrides);

  function setUp(overrides: Record<string, string> = {}) {
    const env = environment(overrides);
    const config = parseServerConfig(env as unknown as NodeJS.ProcessEnv);
    const worker = createDeliveryWorker({ store: subject.store, config, siteUrl: new URL('https://aldercrest.example'), authKey: AUTH_KEY, now });
    const submit = (form: 'inquiry' | 'broker', fields: Record<string, string>) =>
      processLead(form, formData(fields), submissionContext({ store: subject.store, env, now }));
    return { worker, submit };
  }

  const byRecipient = (to: string) => relay.received.filter((mail) => mail.envelope.to.includes(to));

  test('a stored inquiry reaches the sales team and the person, once each, as the relay receives them', async () => {
    const { worker, submit } = setUp();
    expect((await submit('inquiry', prospect)).status).toBe('success');
    expect(await worker.runOnce()).toEqual({ sent: 2, retried: 0, failed: 0, dropped: 0 });
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0, dropped: 0 });
    const [lead] = await subject.sql<{ id: string }>('select id from prospect_inquiries');

    const [team] = byRecipient('sales@aldercrest.example');
    expect(relay.received).toHaveLength(2);
    const mail = team!.parsed;
    expect(mail.subject).toBe('New inquiry from Eleanor Whitfield');
    expect(mail.from?.value).toEqual([{ name: 'Aldercrest Estates', address: 'leads@aldercrest.example' }]);
    expect(mail.replyTo?.value).toEqual([{ name: 'Eleanor Whitfield', address: 'eleanor@example.com' }]);
    expect(mail.messageId).toMatch(/^<[0-9a-f-]{36}@aldercrest\.example>$/);
    for (const value of ['Eleanor Whitfield', 'eleanor@example.com', '+1 555 0100', 'A private tour, please.\nWeekends suit us.']) {
      expect(mail.text).toContain(value);
    }
    expect(mail.text).toMatch(/Received: \w+day, \w+ \d+, 2026 at \d+:\d\d [AP]M E[SD]T/);
    expect(mail.text).toContain(`https://aldercrest.example/admin/leads/${lead!.id}`);
    expect(mail.html).toContain('A private tour, please.<br>Weekends suit us.');
    expect(mail.html).toContain(`href="https://aldercrest.example/admin/leads/${lead!.id}"`);
    // Nothing fetched from elsewhere when the message is opened: no image at all, no tracking.
    expect(mail.html).not.toMatch(/<img|src=|url\(/i);

    const [receipt] = byRecipient('eleanor@example.com');
    expect(receipt!.parsed.subject).toBe('Your inquiry to Aldercrest Estates');
    expect(receipt!.parsed.from?.value).toEqual([{ name: 'Aldercrest Estates', address: 'leads@aldercrest.example' }]);
    expect(receipt!.parsed.text).toContain('Dear Eleanor Whitfield,');
    expect(receipt!.parsed.text).toContain('will contact you shortly');
    // Nothing the visitor typed but their name.
    expect(`${receipt!.parsed.text}${receipt!.parsed.html}`).not.toMatch(/555 0100|private tour, please|eleanor@example\.com/);
    expect(receipt!.parsed.messageId).not.toBe(mail.messageId);
  });

  test('a broker request reaches the broker team, and its receipt promises an answer within 24 hours', async () => {
    const { worker, submit } = setUp();
    await submit('broker', agent);
    await worker.runOnce();
    const [team] = byRecipient('brokers@aldercrest.example');
    expect(team!.envelope.to.sort()).toEqual(['brokers@aldercrest.example', 'sales@aldercrest.example']);
    expect(team!.parsed.subject).toBe('Broker access request from Marcus Hale, Hale Realty');
    expect(team!.parsed.text).toContain('License Number: DRE 01234567');
    expect(team!.parsed.text).not.toContain('Phone:');
    const [receipt] = byRecipient('marcus@hale.realty');
    expect(receipt!.parsed.subject).toBe('Your broker access request to Aldercrest Estates');
    expect(receipt!.parsed.text).toContain('within 24 hours');
  });

  test('one receipt per address a day, whichever form and however many leads; every lead still reaches the team', async () => {
    const { worker, submit } = setUp();
    await submit('inquiry', prospect);
    await submit('inquiry', { ...prospect, message: 'A second question.' });
    await submit('broker', { ...agent, email: 'Eleanor@Example.com' });
    await submit('inquiry', { ...prospect, email: 'someone.else@example.com' });
    await worker.runOnce();
    expect(byRecipient('eleanor@example.com').map((mail) => mail.parsed.subject)).toEqual(['Your inquiry to Aldercrest Estates']);
    expect(byRecipient('Eleanor@example.com')).toEqual([]);
    expect(byRecipient('someone.else@example.com')).toHaveLength(1);
    expect(relay.received.filter((mail) => mail.parsed.subject?.startsWith('New inquiry') || mail.parsed.subject?.startsWith('Broker'))).toHaveLength(4);
  });

  test('a lead whose fields would break a header is refused before anything is sent', async () => {
    const { worker } = setUp();
    const [lead] = await subject.sql<{ id: string }>(
      "insert into prospect_inquiries (full_name, email) values ($1, 'eleanor@example.com') returning id",
      ['Eleanor\r\nBcc: everyone@example.com'],
    );
    await subject.sql("insert into private.outbox (id, lead_id, form, kind) values (private.notice_id($1, 'team_email'), $1, 'inquiry', 'team_email')", [lead!.id]);
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 1, dropped: 0 });
    expect(relay.received).toEqual([]);
    expect(await subject.store.leadNotices(ava, [lead!.id])).toEqual([expect.objectContaining({ kind: 'team_email', status: 'failed', lastError: 'invalid_header' })]);
  });

  test('with the relay down when the leads arrive and back two minutes later, every notice goes once it is back', async () => {
    const { worker, submit } = setUp();
    await relay.stop();
    await submit('inquiry', prospect);
    await submit('broker', agent);
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 4, failed: 0, dropped: 0 });
    minutes(1);
    expect((await worker.runOnce()).sent).toBe(0);
    minutes(1);
    await relay.start();
    expect(await worker.runOnce()).toEqual({ sent: 4, retried: 0, failed: 0, dropped: 0 });
    expect(relay.received).toHaveLength(4);
    expect(new Set(relay.received.map((mail) => mail.parsed.messageId)).size).toBe(4);
    minutes(60);
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0, dropped: 0 });
  });

  test('retries for a day, then the notice is failed and shown with its reason; sent again on request, it goes', async () => {
    const { worker, submit } = setUp();
    await relay.stop();
    await submit('inquiry', prospect);
    const [lead] = await subject.sql<{ id: string }>('select id from prospect_inquiries');
    // Each round runs when the next try is due: the times of the tries are the schedule itself.
    const tries: number[] = [];
    for (;;) {
      const round = await worker.runOnce();
      expect(round.sent).toBe(0);
      tries.push(clock);
      if (round.failed) break;
      const pending = (await subject.store.leadNotices(ava, [lead!.id])).filter((state) => state.status === 'pending');
      clock = Math.min(...pending.map((state) => Date.parse(state.nextAttemptAt)));
    }
    const states = await subject.store.leadNotices(ava, [lead!.id]);
    expect(states.map((state) => [state.kind, state.status, state.lastError])).toEqual([
      ['receipt', 'failed', 'connection'],
      ['team_email', 'failed', 'connection'],
    ]);
    const gaps = tries.slice(1).map((at, index) => at - tries[index]!);
    expect(gaps[0]).toBeLessThanOrEqual(30_000);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(60 * 60_000);
    expect(tries.at(-1)! - tries[0]!).toBeGreaterThanOrEqual(24 * 60 * 60_000);
    expect(tries.at(-1)! - tries[0]!).toBeLessThan(25 * 60 * 60_000);

    relay.setMode('accept');
    await relay.start();
    const failed = states.find((state) => state.kind === 'team_email')!;
    expect(await subject.store.resendNotice(ava, failed.id, new Date(clock))).toBe(true);
    expect(await subject.store.resendNotice(ava, failed.id, new Date(clock))).toBe(false);
    expect(await worker.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0, dropped: 0 });
    expect(byRecipient('sales@aldercrest.example')).toHaveLength(1);
  });

  test('the hourly cap on mail holds, the sales team first; what waits goes in the next hour', async () => {
    const { worker, submit } = setUp({ MAIL_MAX_PER_HOUR: '3' });
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) await submit('inquiry', { ...prospect, email });
    expect((await worker.runOnce()).sent).toBe(3);
    expect(relay.received.map((mail) => mail.envelope.to)).toEqual([['sales@aldercrest.example'], ['sales@aldercrest.example'], ['sales@aldercrest.example']]);
    minutes(30);
    expect((await worker.runOnce()).sent).toBe(0);
    minutes(31);
    expect((await worker.runOnce()).sent).toBe(3);
    expect(relay.received.slice(3).map((mail) => mail.parsed.subject)).toEqual(Array(3).fill('Your inquiry to Aldercrest Estates'));
  });

  test('a notice held by a worker that died is delivered once its lease runs out, with the same id', async () => {
    const { worker, submit } = setUp();
    await submit('inquiry', prospect);
    const [claimedByTheDead] = await subject.store.claimNotices({ now: new Date(clock), limit: 1, leaseSeconds: 120, mailPerHour: 200 });
    expect(await worker.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0, dropped: 0 });
    minutes(2);
    clock += 1000;
    expect(await worker.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0, dropped: 0 });
    expect(relay.received.map((mail) => mail.parsed.messageId)).toContain(`<${claimedByTheDead!.id}@aldercrest.example>`);
    // The dead worker's late report changes nothing: its lease had passed to another.
    expect(await subject.store.completeNotice({ ...claimedByTheDead!, outcome: 'retry', error: 'timeout', nextAttemptAt: new Date(clock), now: new Date(clock) })).toBe(false);
  });

  test('two workers running at once deliver each notice exactly once', async () => {
    const { submit } = setUp({ LEAD_WEBHOOK_URL: hooks.url, LEAD_WEBHOOK_SECRET: SECRET });
    for (let index = 0; index < 12; index++) await submit('inquiry', { ...prospect, email: `visitor${index}@example.com` });
    const workers = [setUp({ LEAD_WEBHOOK_URL: hooks.url, LEAD_WEBHOOK_SECRET: SECRET }).worker, setUp({ LEAD_WEBHOOK_URL: hooks.url, LEAD_WEBHOOK_SECRET: SECRET }).worker];
    const rounds = await Promise.all(workers.map((worker) => worker.runOnce()));
    expect(rounds.reduce((sum, round) => sum + round.sent, 0)).toBe(36);
    const ids = relay.received.map((mail) => mail.parsed.messageId);
    expect(new Set(ids).size).toBe(24);
    expect(ids).toHaveLength(24);
    expect(new Set(hooks.received.map((request) => request.headers['webhook-id'])).size).toBe(12);
    expect(hooks.received).toHaveLength(12);
  });

  test('a webhook is signed per Standard Webhooks, and a receiver answering 500 then 200 gets the lead once it answers 200', async () => {
    await hooks.stop();
    hooks = await startReceiver([500, 200]);
    const { worker, submit } = setUp({ SMTP_URL: '', LEAD_WEBHOOK_URL: hooks.url, LEAD_WEBHOOK_SECRET: SECRET });
    await submit('inquiry', prospect);
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0, dropped: 0 });
    clock += 30_000;
    expect(await worker.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0, dropped: 0 });
    expect(hooks.received).toHaveLength(2);
    const [first, second] = hooks.received;
    expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    const verified = new Webhook(SECRET).verify(second!.body, second!.headers as Record<string, string>) as Record<string, unknown>;
    const [lead] = await subject.sql<{ id: string }>('select id from prospect_inquiries');
    expect(verified).toEqual({
      event: 'lead.received',
      form: 'inquiry',
      lead_id: lead!.id,
      received_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      lead: prospect,
    });
    expect(() => new Webhook(`whsec_${Buffer.from('another secret, thirty-two bytes!').toString('base64')}`).verify(second!.body, second!.headers as Record<string, string>)).toThrow();
    // Without SMTP_URL nothing is queued for mail at all.
    expect(await subject.sql('select kind from private.outbox')).toEqual([{ kind: 'webhook' }]);
  });

  test('each attempt is one log line with its kind, outcome, attempt and duration, and no address or content', async () => {
    const { worker, submit } = setUp();
    await submit('inquiry', prospect);
    const { lines, raw } = await captureLogLines(() => worker.runOnce());
    expect(lines).toHaveLength(2);
    expect(lines).toEqual(
      expect.arrayContaining(
        ['team_email', 'receipt'].map((kind) =>
          expect.objectContaining({ event: 'delivery.attempt', kind, form: 'inquiry', outcome: 'sent', attempt: 1, durationMs: expect.any(Number) }),
        ),
      ),
    );
    expect(raw).not.toMatch(/Eleanor|eleanor@example\.com|sales@aldercrest|relay-password|private tour/);
  });

  test('a sign-in code goes by email at once, first of all, with the code and link its challenge derives; once used, it is not sent', async () => {
    const { worker, submit } = setUp({ MAIL_MAX_PER_HOUR: '1' });
    const context = { ...authContextFor(subject, now), key: AUTH_KEY };
    await submit('inquiry', prospect);
    await requestSignInCode(context, { email: 'Ava@Aldercrest.example', clientAddress: '203.0.113.5' });
    const { id, code, link } = await newestChallenge(subject, context, 'sign_in', 'ava@aldercrest.example');
    // With room for one email this hour, the code goes before the sales team's news.
    expect(await worker.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0, dropped: 0 });
    const [mail] = relay.received;
    expect(mail!.envelope.to).toEqual(['ava@aldercrest.example']);
    expect(mail!.parsed.subject).toBe('Your sign-in code for Aldercrest Estates');
    expect(mail!.parsed.text).toContain(`Your code: ${code}`);
    expect(mail!.parsed.text).toContain(`https://aldercrest.example/sign-in/link?token=${link}`);
    expect(mail!.parsed.html).toContain(`>${code}<`);
    expect(mail!.parsed.messageId).toBe(`<${(await subject.sql<{ id: string }>('select id from private.outbox where about_id = $1', [id]))[0]!.id}@aldercrest.example>`);

    // A code used before its email could go (the hour's mail spent) is put aside, not sent and not failed.
    minutes(61);
    relay.received.length = 0;
    await requestSignInCode(context, { email: 'ava@aldercrest.example', clientAddress: '203.0.113.5' });
    const second = await newestChallenge(subject, context, 'sign_in', 'ava@aldercrest.example');
    await subject.sql("update private.outbox set next_attempt_at = now() + interval '1 day' where about_id = $1", [second.id]);
    expect(await signInWithCode(context, { email: 'ava@aldercrest.example', code: second.code, device: null })).toMatchObject({ outcome: 'signed_in' });
    await subject.sql("update private.outbox set next_attempt_at = now() - interval '1 minute' where about_id = $1", [second.id]);
    expect(await subject.sql('select status from private.outbox where about_id = $1', [second.id])).toEqual([{ status: 'dropped' }]);
    // One left to send: the sales team's email of the inquiry.
    expect(await worker.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0, dropped: 0 });
    expect(relay.received.map((received) => received.envelope.to)).toEqual([['sales@aldercrest.example']]);
  });

  test('an expired code’s email waiting for the hour’s mail is dropped; an approval carries the broker’s invitation', async () => {
    const { worker, submit } = setUp();
    const context = { ...authContextFor(subject, now), key: AUTH_KEY };
    await requestSignInCode(context, { email: 'ava@aldercrest.example', clientAddress: '203.0.113.5' });
    minutes(16);
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0, dropped: 1 });
    expect(relay.received).toEqual([]);

    await submit('broker', agent);
    const [request] = await subject.sql<{ id: string }>('select id from broker_requests');
    await worker.runOnce();
    relay.received.length = 0;
    const { invitation } = newInvitation(context);
    expect(await subject.store.decideBroker(ava, request!.id, 'approved', true, invitation, new Date(clock))).toBe(true);
    expect(await worker.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0, dropped: 0 });
    const [approval] = relay.received;
    expect(approval!.envelope.to).toEqual([agent.email]);
    const invited = await newestChallenge(subject, context, 'invitation');
    expect(invited.id).toBe(invitation.challengeId);
    expect(approval!.parsed.text).toContain(`Open the broker portal: https://aldercrest.example/sign-in/link?token=${invited.link}`);
    expect(approval!.parsed.text).not.toContain('separate message');
  });

  test('a decision on a client registration reaches its broker: the confirmation with its expiry, the decline with its reason; none once their access has ended', async () => {
    const { worker } = setUp();
    const { marcus, nadia } = await signInPeople(subject, { ...authContextFor(subject, now, false), key: AUTH_KEY }, ['marcus', 'nadia']);
    await openPortalTo(subject, marcus, nadia);
    const at = () => new Date(clock);
    const buyer = { fullName: 'Eleanor Whitfield', email: 'eleanor@example.com', phone: null, note: null };
    await subject.sql('insert into prospect_inquiries (full_name, email, created_at) values ($1, $2, $3)', ['Theodore Crane', 'theo@example.com', at()]);

    await subject.store.registerBuyer(marcus, buyer, at());
    const declined = await subject.store.registerBuyer(nadia, buyer, at());
    const confirmed = await subject.store.registerBuyer(marcus, { ...buyer, fullName: 'Theodore Crane', email: 'theo@example.com' }, at());
    expect([declined.status, confirmed.status]).toEqual(['under_review', 'under_review']);
    const reason = 'Marcus Hale registered this buyer first.\nWrite to us with any question.';
    expect(await subject.store.decideRegistration(ava, declined.id, { status: 'declined', reason }, true, at())).toBe(true);
    expect(await subject.store.decideRegistration(ava, confirmed.id, { status: 'registered' }, true, at())).toBe(true);
    expect(await worker.runOnce()).toEqual({ sent: 2, retried: 0, failed: 0, dropped: 0 });

    const [toNadia] = byRecipient('nadia@north.realty');
    expect(toNadia!.parsed.subject).toBe('Your client registration at Aldercrest Estates');
    expect(toNadia!.parsed.to).toMatchObject({ value: [{ name: 'Nadia North', address: 'nadia@north.realty' }] });
    expect(toNadia!.parsed.text).toContain('Dear Nadia North,');
    expect(toNadia!.parsed.text).toContain('your registration of Eleanor Whitfield and is not able to confirm it.');
    expect(toNadia!.parsed.text).toContain(`The reason given:\n${reason}`);
    expect(toNadia!.parsed.html).toContain('Marcus Hale registered this buyer first.<br>Write to us with any question.');
    const [toMarcus] = byRecipient('marcus@hale.realty');
    const until = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'America/New_York' }).format(new Date(clock + 90 * 86_400_000));
    expect(toMarcus!.parsed.text).toContain(`your registration of Theodore Crane and confirmed it.\n\nIt protects your introduction until ${until}.`);
    expect(toMarcus!.parsed.text).not.toContain('reason');
    expect(toMarcus!.parsed.messageId).toBe(`<${(await subject.sql<{ id: string }>('select id from private.outbox where about_id = $1', [confirmed.id]))[0]!.id}@aldercrest.example>`);

    // A broker whose access ended before the email went is not written to.
    const third = await subject.store.registerBuyer(nadia, { ...buyer, fullName: 'Theodore Crane', email: 'theo@example.com' }, at());
    await subject.sql("update private.accounts set status = 'revoked' where email = 'nadia@north.realty'");
    expect(await subject.store.decideRegistration(ava, third.id, { status: 'registered' }, true, at())).toBe(true);
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0, dropped: 1 });
  });

  test('the health check reports how long the oldest undelivered notice has waited', async () => {
    const { submit } = setUp();
    expect(await subject.store.checkHealth()).toEqual({ oldestPendingSeconds: null, failedNotices: 0 });
    await submit('inquiry', prospect);
    await subject.sql("update private.outbox set created_at = now() - interval '90 seconds'");
    expect((await subject.store.checkHealth()).oldestPendingSeconds).toBeGreaterThanOrEqual(90);
  });
});

async function isListening(relay: TestRelay): Promise<boolean> {
  const { connect } = await import('node:net');
  return new Promise((resolve) => {
    const socket = connect(relay.port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
