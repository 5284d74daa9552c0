import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Webhook } from 'standardwebhooks';
import { startNextServer } from '@/__tests__/support/next-server.mjs';
import { formStatus, postFormWithoutScript } from '@/__tests__/support/no-js-form.mjs';
import { startReceiver } from '@/__tests__/support/receiver';
import { startRelay, type TestRelay } from '@/__tests__/support/smtp';
import { expect, test } from './support/fixtures';
import { inquiryForm, prospect, sendInquiry } from './support/forms';
import { spec } from './support/spec-copy';

const SECRET = `whsec_${Buffer.from('the e2e webhook secret, 32 bytes').toString('base64')}`;

/** Mail to the relay, the sales team at sales@ and brokers@. */
const mailTo = (relay: TestRelay) => ({
  SMTP_URL: relay.url,
  MAIL_FROM: 'Aldercrest Estates <leads@aldercrest.example>',
  LEAD_NOTIFY_TO: 'sales@aldercrest.example',
});
const noLimits = { RATE_LIMIT_PER_IP: 'off', RATE_LIMIT_GLOBAL: 'off' };

// The servers here deliver to relays of their own: the worker's mail server would claim their notices.
test.beforeAll(({ servers }) => servers.stop('mail'));

test('a lead from the page reaches the sales team, the person and the webhook, signed', async ({ page, stack, rows }) => {
  const relay = await startRelay();
  const hooks = await startReceiver();
  const server = await startNextServer({
    SUPABASE_URL: stack.url,
    SUPABASE_SECRET_KEY: stack.serviceRoleKey,
    ...mailTo(relay),
    LEAD_WEBHOOK_URL: hooks.url,
    LEAD_WEBHOOK_SECRET: SECRET,
  });
  try {
    expect(server.output()).toContain('"event":"mail.enabled","host":"127.0.0.1"');
    expect(server.output()).not.toContain('relay-password');
    await page.goto(`${server.url}/`);
    await sendInquiry(page);
    await expect(inquiryForm(page).getByRole('status')).toHaveText(spec.inquiry.success);
    const [lead] = await rows('prospect_inquiries');

    await relay.waitFor(2);
    expect(relay.received.map((mail) => mail.envelope.to).sort()).toEqual([['eleanor@example.com'], ['sales@aldercrest.example']]);
    await expect.poll(() => hooks.received.length).toBe(1);
    const payload = new Webhook(SECRET).verify(hooks.received[0]!.body, hooks.received[0]!.headers as Record<string, string>);
    expect(payload).toMatchObject({ event: 'lead.received', form: 'inquiry', lead_id: lead!.id, lead: prospect });
  } finally {
    await server.stop();
    await relay.stop();
    await hooks.stop();
  }
});

test('kill -9 with notices waiting and one being sent: after a restart every notice is delivered, a repeat under the same id', async () => {
  test.setTimeout(180_000);
  const root = mkdtempSync(path.join(tmpdir(), 'aldercrest-delivery-crash-'));
  const dataDir = path.join(root, 'data');
  const relay = await startRelay();
  const environment = { DATA_DIR: dataDir, ...mailTo(relay), ...noLimits };
  try {
    // The relay takes each message in but never answers: the sender dies not knowing.
    relay.setMode('hold');
    const server = await startNextServer(environment);
    for (let index = 0; index < 12; index++) {
      const answer = await postFormWithoutScript(`${server.url}/`, 'inquiry-form', { ...prospect, email: `visitor${index}@example.com` });
      expect(formStatus(answer.html, 'inquiry-form').message).toBe(spec.inquiry.success);
    }
    await relay.waitFor(1);
    await server.stop('SIGKILL');

    // The dead process's leases run out (here at once, rather than after two minutes).
    const db = await PGlite.create(path.join(dataDir, 'pgdata'));
    const pending = (await db.query<{ count: number }>("select count(*)::int as count from private.outbox where status = 'pending'")).rows[0]!.count;
    expect(pending).toBe(24);
    await db.query('update private.outbox set lease_until = now() where lease_until is not null');
    await db.close();

    const heldAtKill = new Set(relay.received.map((mail) => mail.parsed.messageId));
    relay.setMode('accept');
    const restarted = await startNextServer(environment);
    const deliveredIds = () => new Set(relay.received.map((mail) => mail.parsed.messageId));
    await expect.poll(() => deliveredIds().size, { timeout: 30_000 }).toBeGreaterThanOrEqual(24);
    const delivered = deliveredIds();
    await restarted.stop();

    const after = await PGlite.create(path.join(dataDir, 'pgdata'));
    const notices = (await after.query<{ id: string; status: string }>('select id, status from private.outbox')).rows;
    await after.close();
    expect(notices.map((notice) => notice.status)).toEqual(Array(24).fill('sent'));
    const expected = new Set(notices.map((notice) => `<${notice.id}@aldercrest.example>`));
    // Every notice arrived; the only ones that arrived twice are those the relay held when the sender died.
    expect(delivered).toEqual(expected);
    const counts = new Map<string, number>();
    for (const mail of relay.received) counts.set(mail.parsed.messageId!, (counts.get(mail.parsed.messageId!) ?? 0) + 1);
    const repeated = [...counts].filter(([, count]) => count > 1).map(([id]) => id);
    expect(repeated.length).toBeGreaterThan(0);
    expect(repeated.every((id) => heldAtKill.has(id))).toBe(true);
    expect(Math.max(...counts.values())).toBe(2);
  } finally {
    await relay.stop();
    rmSync(root, { recursive: true, force: true });
  }
});

test('two servers on one database deliver each of 100 leads’ notices exactly once', { tag: '@alone' }, async ({ stack }) => {
  test.setTimeout(240_000);
  const relay = await startRelay();
  const environment = { SUPABASE_URL: stack.url, SUPABASE_SECRET_KEY: stack.serviceRoleKey, ...mailTo(relay), ...noLimits, MAIL_MAX_PER_HOUR: '1000' };
  const servers = await Promise.all([startNextServer(environment), startNextServer(environment)]);
  try {
    await stack.reset();
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        postFormWithoutScript(`${servers[index % 2]!.url}/`, 'inquiry-form', { ...prospect, email: `buyer${index}@example.com` }),
      ),
    );
    expect(answers.filter((answer) => formStatus(answer.html, 'inquiry-form').message === spec.inquiry.success)).toHaveLength(100);
    const unsent = async () => (await stack.query<{ count: number }>("select count(*)::int as count from private.outbox where status <> 'sent'"))[0]!.count;
    await expect.poll(unsent, { timeout: 120_000 }).toBe(0);
    const ids = relay.received.map((mail) => mail.parsed.messageId);
    expect(ids).toHaveLength(200);
    expect(new Set(ids).size).toBe(200);
    // Both servers did some of the work.
    for (const server of servers) expect(server.output()).toContain('"event":"delivery.attempt"');
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await relay.stop();
  }
});

test.describe('the health check', () => {
  test('reports how long the oldest undelivered notice has waited, and no one’s details', async ({ stack }) => {
    const relay = await startRelay();
    await relay.stop();
    const server = await startNextServer({ SUPABASE_URL: stack.url, SUPABASE_SECRET_KEY: stack.serviceRoleKey, ...mailTo(relay), ...noLimits });
    try {
      await stack.reset();
      await postFormWithoutScript(`${server.url}/`, 'inquiry-form', { ...prospect });
      await stack.query("update private.outbox set created_at = now() - interval '10 minutes'");
      const health = await (await fetch(`${server.url}/api/health`)).json();
      expect(health).toEqual({ status: 'ok', store: 'supabase', oldestPendingNoticeSeconds: expect.any(Number), failedNotices: 0 });
      expect(health.oldestPendingNoticeSeconds).toBeGreaterThanOrEqual(600);
      expect(JSON.stringify(health)).not.toContain('eleanor');
    } finally {
      await server.stop();
    }
  });

  test('answers 503 once the embedded data directory can no longer be written', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'aldercrest-health-'));
    const dataDir = path.join(root, 'data');
    mkdirSync(dataDir);
    // Root writes anywhere, so as root the server runs as nobody to meet the permission at all.
    const asNobody = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
    if (asNobody.uid !== undefined) chownSync(dataDir, asNobody.uid, asNobody.gid);
    chmodSync(root, 0o755);
    const server = await startNextServer({ DATA_DIR: dataDir }, asNobody);
    try {
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      chmodSync(dataDir, 0o555);
      const down = await fetch(`${server.url}/api/health`);
      expect(down.status).toBe(503);
      expect(await down.json()).toEqual({ status: 'unavailable', store: 'embedded' });
      expect(server.output()).toContain('"event":"health.failed","store":"embedded","reason":"unavailable","code":"EACCES"');
    } finally {
      await server.stop();
      chmodSync(dataDir, 0o755);
      rmSync(root, { recursive: true, force: true });
    }
  });
});
