import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { expect } from '@playwright/test';
import { signInCodeFromLog, signInWithCode } from './support/accounts';
import { agent, brokerForm, inquiryForm, prospect, sendBroker, sendInquiry } from './support/forms';
import { withDeadline } from '@/lib/deadline';
import { startNextServer } from '@/__tests__/support/next-server.mjs';
import { formStatus, hiddenFields, multipartBody, postFormWithoutScript } from '@/__tests__/support/no-js-form.mjs';
import { spec } from './support/spec-copy';
import { test } from './support/turns';

test('with no configuration the leads land in the embedded database, which one server holds at a time', async ({ browser }) => {
  test.setTimeout(120_000);
  const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'aldercrest-e2e-')), 'data');
  try {
    const server = await startNextServer({ DATA_DIR: dataDir, ADMIN_EMAILS: 'owner@aldercrest.example' });
    expect(server.output()).toContain('"event":"store.selected","store":"embedded"');
    // With no mail relay, the server says as it starts that sign-in codes go to its log.
    expect(server.output()).toContain('"event":"auth.codes_in_log"');

    const withScript = await browser.newPage({ baseURL: server.url });
    await withScript.goto('/');
    await sendInquiry(withScript);
    await expect(inquiryForm(withScript).getByRole('status')).toHaveText(spec.inquiry.success);

    const withoutScript = await browser.newContext({ baseURL: server.url, javaScriptEnabled: false });
    const page = await withoutScript.newPage();
    await page.goto('/');
    await sendBroker(page);
    await expect(brokerForm(page).getByRole('status')).toHaveText(spec.broker.success);
    await withoutScript.close();

    // Every part of the server (start-up, page, actions, sign-in, inbox, health check) shares one store: one database
    // open. A fresh clone's owner signs in with the code the server wrote to its log, and is asked their name, which
    // owner@ only guesses.
    const owner = await browser.newPage({ baseURL: server.url });
    await signInWithCode(owner, 'owner@aldercrest.example', async () => signInCodeFromLog(server.output()).code);
    await expect(owner.getByRole('textbox', { name: 'Your name' })).toHaveValue('Owner');
    await owner.getByRole('textbox', { name: 'Your name' }).fill('Olivia Park');
    await owner.getByRole('button', { name: 'SAVE AND CONTINUE' }).click();
    await expect(owner).toHaveURL(/\/admin$/);
    await expect(owner.getByText('Signed in as Olivia Park')).toBeVisible();
    await expect(owner.getByRole('rowheader', { name: prospect.full_name })).toBeVisible();
    await owner.close();
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    expect(server.output().match(/"event":"store\.selected"/g)).toHaveLength(1);

    // A second server on the same directory refuses to start, naming the holder.
    await expect(startNextServer({ DATA_DIR: dataDir })).rejects.toThrow(/locked by process \d+ on/);

    await server.stop();
    expect(existsSync(path.join(dataDir, 'lock'))).toBe(false);

    const db = await PGlite.create(path.join(dataDir, 'pgdata'));
    try {
      expect((await db.query('select full_name, email, phone, message from prospect_inquiries')).rows).toEqual([prospect]);
      expect((await db.query('select full_name, email, brokerage, license_number, phone, message from broker_requests')).rows).toEqual([
        agent,
      ]);
    } finally {
      await db.close();
    }
  } finally {
    rmSync(path.dirname(dataDir), { recursive: true, force: true });
  }
});

/** Far beyond any answer; only there so that a request that never gets one fails the test. */
const ANSWERED_WITHIN_MS = 60_000;

function answered<T>(request: Promise<T>, what: string): Promise<T> {
  return withDeadline(request, ANSWERED_WITHIN_MS, () => new Error(`${what}: no answer`));
}

test('a data directory that fills up while leads arrive: every post is answered, and once there is space again the same server takes leads and is healthy', async () => {
  test.skip(process.platform !== 'linux' || process.getuid?.() !== 0, 'mounts a tmpfs, which takes root on Linux');
  test.setTimeout(600_000);
  const root = mkdtempSync(path.join(tmpdir(), 'aldercrest-e2e-full-'));
  const disk = path.join(root, 'disk');
  mkdirSync(disk);
  // Room for some 2,600 of these leads: the WAL needs its second 16 MB segment (after about 1,700) with less than
  // 16 MB free, which PostgreSQL met with a PANIC that froze the server, and then the disk fills.
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=56m,mode=0700', 'tmpfs', disk]);
  const dataDir = path.join(disk, 'data');
  let server: Awaited<ReturnType<typeof startNextServer>> | undefined;
  try {
    const running = await startNextServer({ DATA_DIR: dataDir, RATE_LIMIT_PER_IP: 'off', RATE_LIMIT_GLOBAL: 'off' });
    server = running;
    const page = `${running.url}/`;
    const hidden = hiddenFields(await (await fetch(page)).text(), 'inquiry-form');
    const health = async (what: string) => (await answered(fetch(`${running.url}/api/health`), what)).status;

    let sent = 0;
    const stored: string[] = [];
    const refused: string[] = [];
    /** Through the page's form as a browser without JavaScript posts it, or through the lead endpoint a saved form is sent to. */
    const post = async (what: string, through: 'form' | 'endpoint' = 'form') => {
      const n = sent++;
      const values = {
        full_name: `Visitor ${n}`,
        email: `visitor-${n}@example.com`,
        phone: '',
        // Long, and random so that PostgreSQL cannot compress it.
        message: `Lead ${n}: ${randomBytes(1500).toString('hex')}`,
      };
      const { status, succeeded, kept } = await answered(through === 'form' ? postForm(values) : postToEndpoint(values), `${what} (lead ${n})`);
      expect(status).toBe(200);
      if (succeeded) {
        stored.push(values.email);
      } else {
        // The form's error state, with what was typed kept.
        expect(kept).toContain(values.email);
        expect(kept).toContain(values.message.slice(0, 200));
        refused.push(values.email);
      }
    };
    const postForm = async (values: Record<string, string>) => {
      const answer = await postFormWithoutScript(page, 'inquiry-form', values, { hidden });
      const { message } = formStatus(answer.html, 'inquiry-form');
      if (message !== spec.inquiry.success) expect(message).toBe(spec.inquiry.error);
      return { status: answer.status, succeeded: message === spec.inquiry.success, kept: answer.html };
    };
    const postToEndpoint = async (values: Record<string, string>) => {
      const boundary = '----aldercrestFullDisk';
      const answer = await fetch(`${running.url}/api/leads/inquiry`, {
        method: 'POST',
        headers: { origin: running.url, 'content-type': `multipart/form-data; boundary=${boundary}` },
        body: multipartBody(Object.entries(values), boundary),
      });
      const state = (await answer.json()) as { status: string; values: Record<string, string> };
      if (state.status !== 'success') expect(state.status).toBe('error');
      return { status: answer.status, succeeded: state.status === 'success', kept: JSON.stringify(state.values) };
    };

    // Four at a time until twenty have been refused: the disk is full, and stays full for a while. Up to the first
    // refusal through the endpoint, which answers with the form's state alone, not a whole page drawn again for each lead.
    while (refused.length < 20) {
      expect(sent).toBeLessThan(4000);
      const through = refused.length === 0 ? 'endpoint' : 'form';
      await Promise.all([post('filling', through), post('filling', through), post('filling', through), post('filling', through)]);
    }
    const whileFull = await health('the health check on a full disk');
    expect([200, 503]).toContain(whileFull);

    // Space again: the disk grown while the server runs.
    execFileSync('mount', ['-o', 'remount,size=64m', disk]);
    const before = stored.length;
    for (let n = 0; n < 3; n++) await post('with space again');
    expect(stored.length - before).toBe(3);
    expect(await health('the health check with space again')).toBe(200);

    // One log line for each post, and each refused one among them as a store error.
    const lines = running.output().split('\n').filter((line) => line.includes('"event":"lead.submission"'));
    const panics = running.output().split('\n').filter((line) => line.includes('"event":"store.aborted"')).length;
    expect(lines).toHaveLength(sent);
    expect(lines.filter((line) => line.includes('"outcome":"store_error"'))).toHaveLength(refused.length);
    await running.stop();

    // Nothing half-stored: each lead answered with success is there once, and every lead there has as many notices as the others.
    // Opened as the store opens it: PostgreSQL's default would want 16 MB at once for a new WAL segment.
    const db = await PGlite.create(path.join(dataDir, 'pgdata'), { startParams: [...PGlite.defaultStartParams, '-c', 'wal_init_zero=off'] });
    try {
      const { rows } = await db.query<{ email: string; copies: number }>('select email, count(*)::int as copies from prospect_inquiries group by email');
      const copies = new Map(rows.map((row) => [row.email, row.copies]));
      expect(stored.filter((email) => copies.get(email) !== 1)).toEqual([]);
      expect(rows.filter((row) => row.copies !== 1)).toEqual([]);
      const notices = await db.query<{ notices: number }>(
        'select distinct (select count(*)::int from private.outbox o where o.lead_id = l.id) as notices from prospect_inquiries l',
      );
      expect(notices.rows).toHaveLength(1);
      console.log(`full disk: ${sent} posts, ${stored.length} stored, ${refused.length} refused, health while full ${whileFull}, ${panics} PANICs; ${rows.length} leads in the database; WAL ${readdirSync(path.join(dataDir, 'pgdata', 'pg_wal')).filter((f) => /^0/.test(f)).join(' ')}`);
    } finally {
      await db.close();
    }
  } finally {
    await server?.stop('SIGKILL');
    execFileSync('umount', ['-l', disk]);
    rmSync(root, { recursive: true, force: true });
  }
});
