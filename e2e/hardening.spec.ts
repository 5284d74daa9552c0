import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startNextServer } from '@/__tests__/support/next-server.mjs';
import { formStatus, hiddenFields, multipartBody, postFormWithoutScript } from '@/__tests__/support/no-js-form.mjs';
import { rawRequest } from '@/__tests__/support/raw-request.mjs';
import { LEAD_FORMS, type FieldDefinition } from '@/lib/leads/forms';
import { expect, test } from './support/fixtures';
import { fillInquiry, inquiryForm, ONE_FIELD_HINT, prospect, sendInquiry } from './support/forms';
import { spec } from './support/spec-copy';

test.describe('headers', () => {
  test('every response carries the security headers, and none names the framework', async ({ request }) => {
    for (const url of ['/', '/icon.png', '/no-such-page']) {
      const response = await request.get(url);
      const headers = response.headers();
      const csp = headers['content-security-policy'] ?? '';
      for (const directive of [
        "default-src 'self'",
        "img-src 'self' data: blob:",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ]) {
        expect(csp, url).toContain(directive);
      }
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(headers['permissions-policy']).toContain('camera=()');
      expect(headers['x-powered-by']).toBeUndefined();
      expect(headers['strict-transport-security']).toBeUndefined();
    }
  });

  test('every answer but the public home page keeps its window apart from other sites (the opener policy)', async ({ request }) => {
    for (const url of ['/', '/?utm_source=newsletter']) {
      expect({ url, coop: (await request.get(url)).headers()['cross-origin-opener-policy'] }).toEqual({ url, coop: undefined });
    }
    for (const url of ['/privacy', '/sign-in', '/portal', '/admin', '/tour/none', '/icon.png', '/no-such-page', '/api/health', '/sw.js']) {
      const response = await request.get(url, { maxRedirects: 0 });
      expect({ url, coop: response.headers()['cross-origin-opener-policy'] }).toEqual({ url, coop: 'same-origin' });
    }
  });

  test('an address spelt another way is sent on to its one spelling with the site’s headers, like every answer', async ({ baseURL }) => {
    for (const [path, location] of [['/privacy/', '/privacy'], ['//', '/'], ['///privacy', '/privacy'], ['/\\privacy', '/privacy'], ['/api/health/', '/api/health'], ['/api/leads/%2e%2e', '/api'], ['/tour/none/', '/tour/none']]) {
      const answer = await rawRequest(`${baseURL}/`, { path });
      expect({ path, status: answer.status, location: answer.headers.location }).toEqual({ path, status: 308, location });
      for (const name of ['x-content-type-options', 'content-security-policy', 'x-frame-options', 'referrer-policy', 'cross-origin-resource-policy']) {
        expect({ path, name, has: Boolean(answer.headers[name]) }).toEqual({ path, name, has: true });
      }
    }
  });

  test('HSTS is sent when the page was served over https', async ({ request }) => {
    const response = await request.get('/', { headers: { 'x-forwarded-proto': 'https' } });
    expect(response.headers()['strict-transport-security']).toMatch(/max-age=\d{8}/);
  });

  test('the policy blocks nothing the page needs', async ({ page }) => {
    const refused: string[] = [];
    page.on('console', (message) => /Content Security Policy|Refused to/.test(message.text()) && refused.push(message.text()));
    await page.goto('/');
    await page.getByRole('link', { name: spec.discover }).click();
    await page.waitForLoadState('networkidle');
    expect(refused).toEqual([]);
  });
});

test.describe('input', () => {
  test('a field over its limit, posted without the browser stopping it, is the error state with the value kept whole', async ({ baseURL, rows }) => {
    const message = 'Over the limit. '.repeat(300);
    const answer = await postFormWithoutScript(`${baseURL}/`, 'inquiry-form', { ...prospect, message });
    expect(answer.status).toBe(200);
    expect(formStatus(answer.html, 'inquiry-form').message).toBe(`${spec.inquiry.error} ${ONE_FIELD_HINT}`);
    expect(answer.html).toContain(message.trim().slice(0, 200));
    expect(await rows('prospect_inquiries')).toEqual([]);
  });

  test('the inputs carry the same limits as the server', async ({ page }) => {
    await page.goto('/');
    const limits = await page.locator('form input:not([type=hidden]):not([name=website]), form textarea').evaluateAll((fields) =>
      fields.map((field) => `${(field as HTMLInputElement).name}:${(field as HTMLInputElement).maxLength}`),
    );
    const registry: readonly FieldDefinition[] = [...LEAD_FORMS.inquiry.fields, ...LEAD_FORMS.broker.fields];
    expect(limits).toEqual(registry.map((field) => `${field.name}:${field.limit}`));
  });

  test('a body larger than any form can send is refused with 413 before it is read, and stores nothing', async ({ baseURL, rows }) => {
    const answer = await postFormWithoutScript(`${baseURL}/`, 'inquiry-form', { ...prospect, message: 'x'.repeat(200_000) });
    expect(answer.status).toBe(413);
    expect(await rows('prospect_inquiries')).toEqual([]);
  });
});

test.describe('every odd request gets a clean answer, one JSON log line, and stores nothing', () => {
  const BOUNDARY = '----aldercrestOddRequest';
  const form = (fields: [string, string][]) => multipartBody(fields, BOUNDARY);
  const multipart = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

  /** What the server printed while `work` ran: every line must be one JSON object. */
  async function logDuring(server: { output(): string }, work: () => Promise<unknown>) {
    const before = server.output().length;
    await work();
    // The line is written as the answer goes out, on another pipe: it may come a moment after the answer.
    await expect.poll(() => server.output().slice(before).includes('\n')).toBe(true);
    const lines = server.output().slice(before).split('\n').filter(Boolean);
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
    return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  test('the cases, each answered as it deserves', async ({ baseURL, server, rows }) => {
    await rows('prospect_inquiries');
    const page = `${baseURL}/`;
    const hidden = hiddenFields(await (await fetch(page)).text(), 'inquiry-form');
    const lead: [string, string][] = [...hidden, ['full_name', 'Eleanor'], ['email', 'e@example.com']];
    const own = { origin: baseURL!, ...multipart };
    const cases: [string, () => ReturnType<typeof rawRequest>, number][] = [
      ['a body over the limit, chunked without a length', () => rawRequest(page, { method: 'POST', headers: own, body: form([...lead, ['message', 'x'.repeat(70_000)]]), chunked: true }), 413],
      ['a body over the limit, with its length', () => rawRequest(page, { method: 'POST', headers: own, body: form([...lead, ['message', 'x'.repeat(70_000)]]) }), 413],
      ['a multipart body that cannot be read', () => rawRequest(page, { method: 'POST', headers: own, body: `--${BOUNDARY}\r\nContent-Disposition: form-da` }), 400],
      ['20,000 parts', () => rawRequest(page, { method: 'POST', headers: own, body: form(Array.from({ length: 20_000 }, () => ['a', ''])), chunked: true }), 413],
      ['500 parts, under the byte limit', () => rawRequest(page, { method: 'POST', headers: own, body: form([...lead, ...Array.from({ length: 500 }, (): [string, string] => ['a', ''])]) }), 413],
      ['a post from another origin', () => rawRequest(page, { method: 'POST', headers: { ...own, origin: 'https://elsewhere.example' }, body: form(lead) }), 403],
      ['a post from Origin: null', () => rawRequest(page, { method: 'POST', headers: { ...own, origin: 'null' }, body: form(lead) }), 403],
      ['a post with no Origin at all', () => rawRequest(page, { method: 'POST', headers: multipart, body: form(lead) }), 403],
      ['an unknown action id', () => rawRequest(page, { method: 'POST', headers: { ...own, 'next-action': '7f'.repeat(21) }, body: form(lead) }), 404],
      ['a malformed action id', () => rawRequest(page, { method: 'POST', headers: { ...own, 'next-action': '../../etc/passwd' }, body: form(lead) }), 400],
      ['a form naming no action', () => rawRequest(page, { method: 'POST', headers: own, body: form([['full_name', 'Eleanor']]) }), 400],
      ['a form naming an unknown action', () => rawRequest(page, { method: 'POST', headers: own, body: form([[`$ACTION_ID_${'7f'.repeat(21)}`, ''], ['full_name', 'Eleanor']]) }), 404],
      ['JSON instead of a form', () => rawRequest(page, { method: 'POST', headers: { origin: baseURL!, 'content-type': 'application/json' }, body: '{"full_name":"Eleanor"}' }), 415],
      ['TRACE /', () => rawRequest(page, { method: 'TRACE' }), 405],
      ['TRACE /admin', () => rawRequest(`${baseURL}/admin`, { method: 'TRACE' }), 405],
      ['PUT /admin', () => rawRequest(`${baseURL}/admin`, { method: 'PUT' }), 405],
      ['DELETE /', () => rawRequest(page, { method: 'DELETE' }), 405],
      ['PATCH /api/health', () => rawRequest(`${baseURL}/api/health`, { method: 'PATCH' }), 405],
      ['OPTIONS /', () => rawRequest(page, { method: 'OPTIONS' }), 405],
      // A dynamic route's part that decodes to no text: Next alone gave a bare 500 with no headers and no line.
      ['GET a tour page by a broken escape', () => rawRequest(page, { path: '/tour/%E0%A4%A' }), 400],
      ['GET a portal document by a broken escape', () => rawRequest(page, { path: '/portal/%C0%AF.pdf' }), 400],
      // Next answered its own error page at this address with a 500, which a cache in front was told to keep for a year.
      ['GET Next’s error page by its address', () => rawRequest(page, { path: '/_global-error' }), 404],
    ];
    for (const [name, send, status] of cases) {
      let answer: Awaited<ReturnType<typeof rawRequest>> | undefined;
      const lines = await logDuring(server, async () => (answer = await send()));
      expect({ name, status: answer!.status }).toEqual({ name, status });
      expect({ name, lines: lines.length }).toEqual({ name, lines: 1 });
      expect(lines[0]).toMatchObject({ event: 'request.refused', status });
    }
    expect(await rows('prospect_inquiries')).toEqual([]);
  });

  test('nothing the database says reaches the log: a store failure is one line with a category and a code', async ({ baseURL, server, stack, rows }) => {
    await rows('prospect_inquiries');
    // Refused by a CHECK the form does not know: what the database answers quotes the row.
    await stack.query("alter table prospect_inquiries add constraint no_eleanor check (full_name <> 'Eleanor Refused')");
    try {
      const lines = await logDuring(server, () => postFormWithoutScript(`${baseURL}/`, 'inquiry-form', { ...prospect, full_name: 'Eleanor Refused' }));
      expect(lines).toEqual([expect.objectContaining({ event: 'lead.submission', outcome: 'store_error', reason: 'rejected', code: '23514' })]);
      expect(JSON.stringify(lines)).not.toMatch(/Eleanor|no_eleanor|insert|prospect_inquiries|check constraint/i);
    } finally {
      await stack.query('alter table prospect_inquiries drop constraint no_eleanor');
    }
  });
});

test.describe('abuse', () => {
  test('a post from another origin stores nothing', async ({ baseURL, rows }) => {
    const answer = await postFormWithoutScript(`${baseURL}/`, 'inquiry-form', { ...prospect }, { headers: { origin: 'https://elsewhere.example' } });
    expect(answer.status).toBe(403);
    expect(await rows('prospect_inquiries')).toEqual([]);
  });

  test('the honeypot is out of the accessibility tree; filled in, it is answered like a success and stores nothing', async ({ page, baseURL, rows }) => {
    await page.goto('/');
    await expect(page.getByRole('textbox', { name: 'Website' })).toHaveCount(0);
    await expect(page.locator('input[name="website"]').first()).not.toBeInViewport();

    const answer = await postFormWithoutScript(`${baseURL}/`, 'inquiry-form', { ...prospect, website: 'https://cheap-pills.example' });
    expect(formStatus(answer.html, 'inquiry-form').message).toBe(spec.inquiry.success);
    expect(await rows('prospect_inquiries')).toEqual([]);
  });
});

test.describe('exactly once', () => {
  test('a double click stores one row', async ({ page, rows }) => {
    await page.goto('/');
    await fillInquiry(page);
    await inquiryForm(page).getByRole('button').dblclick();
    await expect(inquiryForm(page).getByRole('status')).toHaveText(spec.inquiry.success);
    await page.waitForLoadState('networkidle');
    expect(await rows('prospect_inquiries')).toHaveLength(1);
  });

  test('a post without JavaScript, replayed by the browser, stores one row and is answered with success both times', async ({ baseURL, rows }) => {
    const first = await postFormWithoutScript(`${baseURL}/`, 'inquiry-form', { ...prospect });
    const replay = await postFormWithoutScript(`${baseURL}/`, 'inquiry-form', { ...prospect });
    expect([first, replay].map((answer) => formStatus(answer.html, 'inquiry-form').message)).toEqual([spec.inquiry.success, spec.inquiry.success]);
    expect(await rows('prospect_inquiries')).toHaveLength(1);
  });

  test('after a success the next inquiry from the same page is a new lead', async ({ page, rows }) => {
    await page.goto('/');
    await sendInquiry(page);
    await expect(inquiryForm(page).getByRole('status')).toHaveText(spec.inquiry.success);
    await sendInquiry(page, { ...prospect, message: 'And a second question.' });
    await expect(inquiryForm(page).getByRole('status')).toHaveText(spec.inquiry.success);
    expect(await rows('prospect_inquiries')).toHaveLength(2);
  });
});

test.describe('a slow database', () => {
  test('the visitor sees the error within the timeout, with every value kept, and nothing is written', async ({ page, stack, rows, server }) => {
    expect(server.startUp).toContain('"timeoutMs":3000');
    await page.goto('/');
    stack.setGateway('hang');
    await sendInquiry(page);
    await expect(inquiryForm(page).getByRole('status')).toHaveText(spec.inquiry.error, { timeout: 8000 });
    const timedOut = server
      .output()
      .split('\n')
      // The delivery worker polls the same hanging store and may log its own timeout: only the submission's counts here.
      .filter((line) => line.includes('"event":"lead.submission"') && line.includes('"reason":"timeout"'))
      .map((line) => JSON.parse(line) as { durationMs: number });
    expect(timedOut, server.output()).toHaveLength(1);
    // The server gave up when the timeout (3 s) ran out, not before.
    expect(timedOut[0]!.durationMs).toBeGreaterThanOrEqual(3000);
    await expect(inquiryForm(page).getByRole('textbox', { name: 'Message' })).toHaveValue(prospect.message);
    stack.setGateway('open');
    expect(await rows('prospect_inquiries')).toEqual([]);
  });
});

test.describe('the embedded data directory', () => {
  test('one that cannot be written stops the server at start-up, naming the cause', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'aldercrest-readonly-'));
    const dataDir = path.join(root, 'data');
    mkdirSync(dataDir);
    chmodSync(dataDir, 0o555);
    chmodSync(root, 0o755);
    // Root writes anywhere, so as root the server runs as nobody to meet the permission at all.
    const asNobody = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
    try {
      await expect(startNextServer({ DATA_DIR: dataDir }, { ...asNobody, timeoutMs: 30_000 })).rejects.toThrow(
        /startup\.failed.*Data directory .*data is not writable \(EACCES\)/,
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

test.describe('secrets', () => {
  test('a secret in the build environment ends up in no file the browser can fetch', async () => {
    test.setTimeout(240_000);
    const sentinel = `sb_secret_SENTINEL${Date.now().toString(36)}`;
    const distDir = '.next-sentinel';
    rmSync(distDir, { recursive: true, force: true });
    try {
      const build = spawnSync(process.execPath, ['node_modules/next/dist/bin/next', 'build'], {
        env: { ...process.env, NEXT_DIST_DIR: distDir, SUPABASE_URL: 'https://sentinel.invalid', SUPABASE_SECRET_KEY: sentinel, NEXT_TELEMETRY_DISABLED: '1' },
        encoding: 'utf8',
      });
      expect(build.status, build.stderr).toBe(0);
      const files: string[] = [];
      const walk = (directory: string) => {
        for (const entry of readdirSync(directory)) {
          const file = path.join(directory, entry);
          if (statSync(file).isDirectory()) walk(file);
          else files.push(file);
        }
      };
      walk(path.join(distDir, 'static'));
      walk(path.join(distDir, 'server', 'app'));
      expect(files.filter((file) => file.endsWith('.js')).length).toBeGreaterThan(5);
      expect(files.filter((file) => readFileSync(file).includes(sentinel))).toEqual([]);
    } finally {
      rmSync(distDir, { recursive: true, force: true });
    }
  });

  test("the server's key is in no response and no log line", async ({ page, baseURL, stack, server }) => {
    const bodies: string[] = [];
    page.on('response', async (response) => {
      const body = await response.body().catch(() => Buffer.alloc(0));
      bodies.push(`${JSON.stringify(response.headers())}\n${body.toString('latin1')}`);
    });
    await page.goto('/');
    await sendInquiry(page);
    await expect(inquiryForm(page).getByRole('status')).toHaveText(spec.inquiry.success);
    const withoutScript = await postFormWithoutScript(`${baseURL}/`, 'inquiry-form', { ...prospect, email: 'second@example.com' });
    const flight = await (await fetch(`${baseURL}/`, { headers: { RSC: '1' } })).text();
    const missing = await (await fetch(`${baseURL}/missing`)).text();

    const secret = stack.serviceRoleKey;
    expect(bodies.length).toBeGreaterThan(5);
    for (const body of [...bodies, withoutScript.html, flight, missing]) expect(body.includes(secret)).toBe(false);
    expect(server.output().includes(secret)).toBe(false);
    expect(server.output()).toContain('"event":"lead.submission"');
  });
});
