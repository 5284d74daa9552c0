import { BUSIEST_WINDOW_SQL } from '@/__tests__/support/flood.mjs';
import { formStatus, hiddenFields, multipartBody, postFormWithoutScript, statusWords } from '@/__tests__/support/no-js-form.mjs';
import { rawRequest } from '@/__tests__/support/raw-request.mjs';
import { expect, test } from './support/fixtures';
import { awake, expectInquiryValues, fillInquiry, inquiryForm, prospect, sendInquiry } from './support/forms';
import type { TestServer } from './support/servers';
import { spec } from './support/spec-copy';

const BUSY = 'Our inquiries are unusually busy at this moment. Please send again in a minute: everything you wrote is still here.';

test.describe('a directly exposed server (no TRUST_PROXY)', () => {
  test.use({ serverKind: 'direct' });

  /** A form posted without JavaScript from one loopback address, claiming another in every header a client could forge. */
  async function postFormFrom(server: TestServer, localAddress: string, path: string, formId: string, values: [string, string][]) {
    const page = `${server.url}${path}`;
    const boundary = '----aldercrestFromSocket';
    const fields: [string, string][] = [...hiddenFields(await (await fetch(page)).text(), formId), ...values];
    const forged = `198.51.100.${Math.floor(Math.random() * 250)}`;
    return rawRequest(page, {
      method: 'POST',
      localAddress,
      headers: { origin: server.url, 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-forwarded-for': forged, 'x-real-ip': forged, forwarded: `for=${forged}` },
      body: multipartBody(fields, boundary),
    });
  }

  async function postFrom(server: TestServer, localAddress: string, email: string) {
    const answer = await postFormFrom(server, localAddress, '/', 'inquiry-form', [['full_name', 'Eleanor'], ['email', email]]);
    return formStatus(answer.body, 'inquiry-form').message === spec.inquiry.success ? 'success' : 'refused';
  }

  test("counts each connection's own address, whatever headers the client sends", async ({ rows, server }) => {
    await rows('prospect_inquiries');
    const one = ['a', 'b', 'c'].map((name) => `${name}@example.com`);
    const answers = [];
    for (const email of one) answers.push(await postFrom(server, '127.0.0.2', email));
    expect(answers).toEqual(['success', 'success', 'refused']);
    expect(await postFrom(server, '127.0.0.3', 'd@example.com')).toBe('success');
    expect((await rows('prospect_inquiries')).map((row) => row.email).sort()).toEqual(['a@example.com', 'b@example.com', 'd@example.com']);
  });

  test('limits sign-in codes by the connection’s own address, whatever headers it sends, and says so in the same words for any address', async ({ server }) => {
    async function askFrom(localAddress: string, email: string) {
      const answer = await postFormFrom(server, localAddress, '/sign-in', 'sign-in-email', [['email', email]]);
      expect(answer.status).toBe(200);
      return statusWords(answer.body, 'sign-in-status');
    }
    const sent = 'If this address may sign in, we have sent a code and a link to it.';
    for (let attempt = 0; attempt < 20; attempt++) expect(await askFrom('127.0.0.4', `someone-${attempt}@example.com`)).toBe(sent);
    expect(await askFrom('127.0.0.4', 'one-more@example.com')).toBe('Too many codes have been asked for. Please wait a while, then ask again.');
    expect(await askFrom('127.0.0.5', 'one-more@example.com')).toBe(sent);
  });
});

test.describe('over the global cap', () => {
  test.use({ serverKind: 'capped' });

  async function fillTheCap(server: TestServer) {
    const answer = await postFormWithoutScript(`${server.url}/`, 'inquiry-form', { ...prospect, email: 'first@example.com' }, { headers: { 'x-real-ip': '192.0.2.1' } });
    expect(formStatus(answer.html, 'inquiry-form').message).toBe(spec.inquiry.success);
  }

  test('a visitor without JavaScript is told the form is busy, with everything typed kept, and nothing is stored', async ({ browser, rows, server }) => {
    await fillTheCap(server);
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: server.url, extraHTTPHeaders: { 'x-real-ip': '192.0.2.2' } });
    const page = await context.newPage();
    await page.goto('/');
    const typed = { ...prospect, email: 'second@example.com' };
    await sendInquiry(page, typed);
    await expect(inquiryForm(page).getByRole('status')).toHaveText(BUSY);
    await expectInquiryValues(page, typed);
    expect((await rows('prospect_inquiries')).map((row) => row.email)).toEqual(['first@example.com']);
    await context.close();
  });

  test('a browser with JavaScript proves its way through unseen: SUBMITTING..., then the success message', async ({ browser, rows, server }) => {
    await fillTheCap(server);
    const context = await browser.newContext({ baseURL: server.url, extraHTTPHeaders: { 'x-real-ip': '192.0.2.3' } });
    const page = await context.newPage();
    await page.goto('/');
    await sendInquiry(page, { ...prospect, email: 'proven@example.com' });
    await expect(inquiryForm(page).getByRole('button')).toHaveText('SUBMITTING...');
    await expect(inquiryForm(page).getByRole('status')).toHaveText(spec.inquiry.success);
    expect((await rows('prospect_inquiries')).map((row) => row.email).sort()).toEqual(['first@example.com', 'proven@example.com']);
    expect(server.output()).toContain('"outcome":"challenge"');
    await context.close();
  });
});

/**
 * The flood the forms must hold against: at least 600 valid submissions a
 * minute, spread over 200 client addresses, for 60 s, while 20 people submit
 * from real browsers. Their submissions must all be stored and answered with
 * success, each within 5 s; the flood may store no more than the cap in any
 * minute.
 */
test('a flood of 600 a minute from 200 addresses does not keep 20 buyers out', { tag: '@alone' }, async ({ browser, stack, rows, servers }) => {
  test.setTimeout(240_000);
  const server = await servers.get('guarded');
  try {
    await rows('prospect_inquiries');
    const page = `${server.url}/`;
    const hidden = hiddenFields(await (await fetch(page)).text(), 'inquiry-form');
    const FLOOD_MS = 60_000;
    const started = Date.now();
    let sent = 0;
    let sendingMs = 0;
    const flood = (async () => {
      const inFlight = new Set<Promise<unknown>>();
      // 11 a second: a little over 600 a minute, each from one of 200 addresses, each a distinct valid lead.
      while (Date.now() - started < FLOOD_MS) {
        const index = sent++;
        const post = postFormWithoutScript(page, 'inquiry-form', { ...prospect, full_name: `Flood ${index}`, email: `flood${index}@example.com` }, {
          hidden,
          headers: { 'x-real-ip': `198.51.100.${index % 200}` },
        }).catch(() => undefined);
        inFlight.add(post);
        void post.finally(() => inFlight.delete(post));
        // Paced by the clock, not by the gaps between sends: the rate holds however long each send takes to start.
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + (sent * 1000) / 11 - Date.now())));
      }
      sendingMs = Date.now() - started;
      await Promise.all(inFlight);
    })();

    const latencies: number[] = [];
    for (let buyer = 0; buyer < 20; buyer++) {
      // Spread over the flood: one every ~2.8 s, each from its own address.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + 1500 + buyer * 2800 - Date.now())));
      const context = await browser.newContext({ extraHTTPHeaders: { 'x-real-ip': `203.0.113.${buyer + 1}` } });
      const visitor = await context.newPage();
      await visitor.goto(page);
      // Awake, as a page is by the time a person has typed: a form sent before its scripts run is a post without them.
      await awake(visitor);
      await fillInquiry(visitor, { ...prospect, full_name: `Buyer ${buyer}`, email: `buyer${buyer}@example.com` });
      const clicked = Date.now();
      await inquiryForm(visitor).getByRole('button').click();
      await expect(inquiryForm(visitor).getByRole('status')).toHaveText(spec.inquiry.success, { timeout: 5000 });
      latencies.push(Date.now() - clicked);
      await context.close();
    }
    await flood;

    const stored = await stack.query<{ email: string }>('select email from prospect_inquiries');
    const buyers = stored.filter((row) => row.email.startsWith('buyer'));
    const flooded = stored.filter((row) => row.email.startsWith('flood'));
    // The limit slides: posts answered after the first minute's admissions have left the window may be stored too.
    const [busiest] = await stack.query<{ most: number }>(BUSIEST_WINDOW_SQL, [60, 'flood%']);
    console.log(
      `flood: ${sent} posts sent in ${Math.round(sendingMs / 1000)} s (${Math.round((sent * 60_000) / sendingMs)} a minute), all answered after ` +
        `${Math.round((Date.now() - started) / 1000)} s; ${flooded.length} stored, ${busiest!.most} within any 60 s; ` +
        `buyers: ${buyers.length}/20 stored, slowest answer ${Math.max(...latencies)} ms`,
    );
    expect(sent).toBeGreaterThanOrEqual(600);
    expect((sent * 60_000) / sendingMs).toBeGreaterThanOrEqual(600);
    expect(buyers).toHaveLength(20);
    expect(busiest!.most).toBeLessThanOrEqual(60);
  } finally {
    // No other test runs on a flood's server: it goes with the flood.
    await servers.stop('guarded');
  }
});
