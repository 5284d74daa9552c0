import type { PGlite } from '@electric-sql/pglite';
import { notifyWebhook, webhookPayload } from '@/lib/leads/notify';
import { processLead } from '@/lib/leads/submit';
import { createEmbeddedStore } from '@/lib/store/embedded';
import { captureLogLines, formData } from '../../support/form-data';
import { freePort } from '../../support/next-server.mjs';
import { startReceiver } from '../../support/receiver';
import { submissionContext } from '../../support/request';

const lead = { full_name: 'Eleanor Whitfield', email: 'eleanor@example.com', phone: '+1 555 0100', message: 'A tour <soon> & details,\nplease.' };
const notice = { form: 'inquiry' as const, lead, receivedAt: new Date('2026-11-21T10:00:00Z') };
const quick = { firstDelayMs: 5, timeoutMs: 2000 };

describe('notifyWebhook', () => {
  test('posts the lead as JSON', async () => {
    const receiver = await startReceiver();
    try {
      expect(await notifyWebhook({ url: receiver.url, format: 'json' }, notice, quick)).toBe(true);
      expect(receiver.received).toHaveLength(1);
      expect(receiver.received[0]!.headers['content-type']).toBe('application/json');
      expect(JSON.parse(receiver.received[0]!.body)).toEqual({ event: 'lead.received', form: 'inquiry', received_at: '2026-11-21T10:00:00.000Z', lead });
    } finally {
      await receiver.stop();
    }
  });

  test('speaks Slack when asked to, escaping what Slack reads as markup', () => {
    const { text } = JSON.parse(webhookPayload(notice, 'slack')) as { text: string };
    expect(text).toBe(
      '*New prospect inquiry* from Eleanor Whitfield\nemail: eleanor@example.com\nphone: +1 555 0100\n> A tour &lt;soon&gt; &amp; details,\n> please.',
    );
  });

  test('retries with backoff until the receiver takes it', async () => {
    const receiver = await startReceiver([500, 503, 200]);
    try {
      const { result, lines } = await captureLogLines(() => notifyWebhook({ url: receiver.url, format: 'json' }, notice, quick));
      expect(result).toBe(true);
      expect(receiver.received).toHaveLength(3);
      expect(lines).toEqual([expect.objectContaining({ event: 'lead.webhook', outcome: 'delivered', attempts: 3 })]);
    } finally {
      await receiver.stop();
    }
  });

  test('gives up after its attempts, logs the failure without the lead, and never throws', async () => {
    const url = `http://127.0.0.1:${await freePort()}/closed`;
    const { result, lines, raw } = await captureLogLines(() => notifyWebhook({ url, format: 'json' }, notice, { ...quick, attempts: 3 }));
    expect(result).toBe(false);
    expect(lines).toEqual([expect.objectContaining({ event: 'lead.webhook', outcome: 'failed', attempts: 3 })]);
    expect(raw).not.toMatch(/Eleanor|eleanor@example\.com/);
  });
});

describe('a stored lead', () => {
  const store = createEmbeddedStore('memory://');
  let db: PGlite;
  beforeAll(async () => {
    db = await store.database();
  });
  afterAll(() => store.close());

  test('is announced after the answer; a replay is not announced again', async () => {
    const receiver = await startReceiver();
    try {
      const env = { LEAD_WEBHOOK_URL: receiver.url };
      const context = submissionContext({ store, env });
      const answer = await processLead('inquiry', formData({ ...lead, submission_key: 'feedfacefeedfacefeedfacefeedface' }), context);
      expect(answer.status).toBe('success');
      await context.settled();
      expect(receiver.received.map((request) => JSON.parse(request.body).lead.email)).toEqual(['eleanor@example.com']);

      const replay = submissionContext({ store, env });
      await processLead('inquiry', formData({ ...lead, submission_key: 'feedfacefeedfacefeedfacefeedface' }), replay);
      await replay.settled();
      expect(receiver.received).toHaveLength(1);
    } finally {
      await receiver.stop();
    }
  });

  test('stays stored, and the visitor is answered with success, when the webhook is down', async () => {
    const context = submissionContext({ store, env: { LEAD_WEBHOOK_URL: `http://127.0.0.1:${await freePort()}/down` } });
    const { result, lines } = await captureLogLines(async () => {
      const answer = await processLead('inquiry', formData({ ...lead, email: 'down@example.com' }), context);
      expect((await db.query("select 1 from prospect_inquiries where email = 'down@example.com'")).rows).toHaveLength(1);
      // The answer was ready before the first attempt; the retries (0.5, 2 and 8 s apart) run on after it.
      await context.settled();
      return answer;
    });
    expect(result.status).toBe('success');
    expect(lines).toContainEqual(expect.objectContaining({ event: 'lead.webhook', outcome: 'failed', attempts: 4 }));
  }, 30_000);
});
