/**
 * Where a lead's notice stands, as the lead's page reads it, is what happened to it: a notice whose first try is
 * under way has not been retried, one whose try failed is retrying, one sent is sent. Through a real SMTP relay
 * that holds its answer while the page is read, on both stores.
 */
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { parseServerConfig } from '@/lib/config/server';
import { inbox } from '@/lib/copy/team';
import { createDeliveryWorker } from '@/lib/delivery/worker';
import type { NoticeState } from '@/lib/delivery/types';
import { newInvitation } from '@/lib/auth/sign-in';
import type { Actor } from '@/lib/auth/types';
import { processLead } from '@/lib/leads/submit';
import { formData } from '../../support/form-data';
import { authContextFor, createAccount, signInAs } from '../../support/accounts';
import { submissionContext } from '../../support/request';
import { relayForTests } from '../../support/smtp';
import { STORE_NAMES, storeForTests } from '../../support/stores';

const AUTH_KEY = randomBytes(32);
const agent = { full_name: 'Marcus Hale', email: 'marcus@hale.realty', brokerage: 'Hale Realty', license_number: 'DRE 01234567', phone: '', message: '' };
const env = {
  MAIL_FROM: 'Aldercrest Estates <leads@aldercrest.example>',
  LEAD_NOTIFY_TO: 'sales@aldercrest.example',
  SITE_TIME_ZONE: 'America/New_York',
};

/** The words the lead's page gives a notice (components/team/delivery-state.tsx), its times left as they come. */
function stateWords(notice: NoticeState): string {
  const copy = inbox.delivery;
  if (notice.status === 'sent') return copy.sent(notice.sentAt!);
  if (notice.status === 'pending') return copy.pending(notice.nextAttemptAt, notice.attempts);
  return notice.status === 'dropped' ? copy.dropped(notice.lastError) : copy.failed(notice.lastError);
}

describe.each(STORE_NAMES)('notice states on the %s store', (storeName) => {
  const subject = storeForTests(storeName);
  const relay = relayForTests();
  let clock: number;
  let ava: Actor;
  const now = () => clock;
  beforeEach(async () => {
    clock = Date.now() + 60_000;
    relay.received.length = 0;
    relay.setMode('accept');
    await subject.sql('truncate prospect_inquiries, broker_requests, private.submission_log, private.outbox, private.receipt_log, private.sign_in_requests, private.accounts cascade');
    await createAccount(subject, { email: 'ava@aldercrest.example', name: 'Ava Laurent', role: 'owner' });
    ava = await signInAs(subject, { ...authContextFor(subject, now, false), key: AUTH_KEY }, 'ava@aldercrest.example');
  });
  afterEach(async () => {
    relay.release();
    if (!relay.port || !(await relayListening())) await relay.start();
  });
  const relayListening = () =>
    new Promise<boolean>((resolve) => {
      const socket = connect(relay.port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });

  /** A broker request whose own emails went, and a worker on the relay. */
  async function brokerRequest() {
    const config = parseServerConfig({ ...env, SMTP_URL: relay.url } as unknown as NodeJS.ProcessEnv);
    const worker = createDeliveryWorker({ store: subject.store, config, siteUrl: new URL('https://aldercrest.example'), authKey: AUTH_KEY, now });
    await processLead('broker', formData(agent), submissionContext({ store: subject.store, env: { ...env, SMTP_URL: relay.url }, now }));
    const [request] = await subject.sql<{ id: string }>('select id from broker_requests');
    expect(await worker.runOnce()).toMatchObject({ sent: 2 });
    relay.received.length = 0;
    const approve = async () => {
      const { invitation } = newInvitation({ ...authContextFor(subject, now), key: AUTH_KEY });
      expect(await subject.store.decideBroker(ava, request!.id, 'approved', true, invitation, new Date(clock))).toBe(true);
    };
    const approval = async () => (await subject.store.leadNotices(ava, [request!.id])).find((notice) => notice.kind === 'broker_approved')!;
    return { worker, approve, approval };
  }

  test('an approval email on its first try, read while the relay has it, is waiting to send; once it went, sent; never retrying', async () => {
    const { worker, approve, approval } = await brokerRequest();
    await approve();
    // The lead's page as the approval's redirect renders it: the worker has just taken the email to the relay.
    relay.setMode('wait');
    const round = worker.runOnce();
    await relay.waitFor(1);
    const underWay = await approval();
    expect(underWay).toMatchObject({ status: 'pending', attempts: 0, lastError: null });
    expect(stateWords(underWay)).toMatch(/^Waiting to send/);

    relay.release();
    expect(await round).toEqual({ sent: 1, retried: 0, failed: 0, dropped: 0 });
    const sent = await approval();
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, lastError: null, sentAt: new Date(clock).toISOString() });
    expect(stateWords(sent)).toBe(`Sent ${sent.sentAt}`);
  });

  test('a try that failed is counted: the email is retrying, with its next try; the one after it sends it', async () => {
    const { worker, approve, approval } = await brokerRequest();
    await approve();
    await relay.stop();
    expect(await worker.runOnce()).toMatchObject({ retried: 1 });
    const retrying = await approval();
    expect(retrying).toMatchObject({ status: 'pending', attempts: 1, lastError: 'connection' });
    expect(stateWords(retrying)).toBe(`Retrying: next try ${retrying.nextAttemptAt}`);

    // The second try under way still counts one failed try, and no more.
    await relay.start();
    relay.setMode('wait');
    clock = Date.parse(retrying.nextAttemptAt);
    const round = worker.runOnce();
    await relay.waitFor(1);
    expect(await approval()).toMatchObject({ status: 'pending', attempts: 1 });
    relay.release();
    expect(await round).toMatchObject({ sent: 1 });
    expect(await approval()).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });

  test('a try cut off by its worker’s end counts once its lease runs out, and the next worker’s try is the second', async () => {
    const { worker, approve, approval } = await brokerRequest();
    await approve();
    const [taken] = await subject.store.claimNotices({ now: new Date(clock), limit: 10, leaseSeconds: 120, mailPerHour: 200 });
    expect(taken).toMatchObject({ kind: 'broker_approved', attempt: 1 });
    expect(await approval()).toMatchObject({ status: 'pending', attempts: 0 });
    clock += 121_000;
    const [again] = await subject.store.claimNotices({ now: new Date(clock), limit: 10, leaseSeconds: 120, mailPerHour: 200 });
    expect(again).toMatchObject({ id: taken!.id, attempt: 2 });
    expect(await approval()).toMatchObject({ status: 'pending', attempts: 1 });
    clock += 121_000;
    expect(await worker.runOnce()).toMatchObject({ sent: 1 });
    expect(await approval()).toMatchObject({ status: 'sent', attempts: 3 });
  });
});
