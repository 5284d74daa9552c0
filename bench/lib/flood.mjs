// The flood the forms must hold against (as e2e/availability.spec.ts plays it): valid no-JavaScript
// inquiries at 11 a second from 200 client addresses, while genuine buyers submit the form from a
// headless Chromium held to a phone's pace (Lighthouse's 4x CPU slowdown), each from its own address.
// Over the global cap each buyer's browser is asked for a proof of work, solves it as the page does
// (altcha-lib, components/site/use-flood-proof.ts) and sends the form again. Measured: what each buyer waited
// from the click to the success message, and how long the proof took.
import { chromium } from '@playwright/test';
import autocannon from 'autocannon';
import { formStatus, hiddenFields, multipartBody } from '../../__tests__/support/no-js-form.mjs';
import { CHROME_FLAGS } from './lighthouse.mjs';
import { percentile, spread } from './stats.mjs';

const SUCCESS = 'Thank you for your interest. A representative will contact you shortly.';
const BOUNDARY = 'benchflood7MA4YWxkTrZu0gW';

/** The flood itself: paced by autocannon at `perSecond` overall; each answer classified by the form's status line. */
async function floodPosts(url, { seconds, perSecond, addresses, run }) {
  const hidden = hiddenFields(await (await fetch(url)).text(), 'inquiry-form');
  let sequence = 0;
  const answered = { success: [], challenge: 0, error: 0, other: 0 };
  const result = await autocannon({
    url,
    connections: 20,
    overallRate: perSecond,
    duration: seconds,
    timeout: 30,
    requests: [
      {
        method: 'POST',
        path: '/',
        setupRequest(request, context) {
          const index = sequence++;
          context.email = `flood+${run}-${index}@example.com`;
          const fields = [...hidden, ['full_name', `Flood ${index}`], ['email', context.email], ['phone', ''], ['message', 'Flood']];
          return {
            ...request,
            headers: { origin: url, 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'x-real-ip': `198.51.100.${index % addresses}` },
            body: multipartBody(fields, BOUNDARY),
          };
        },
        onResponse(status, body, context) {
          let shown = 'other';
          try {
            shown = status === 200 ? formStatus(body, 'inquiry-form').status : 'other';
          } catch {
            // not the page
          }
          if (shown === 'success') answered.success.push(context.email);
          else if (shown === 'challenge' || shown === 'error') answered[shown] += 1;
          else answered.other += 1;
        },
      },
    ],
  });
  return { sent: result.requests.sent ?? result.requests.total, answered, latencyP50Ms: result.latency.p50, latencyP99Ms: result.latency.p99 };
}

/** The proof a browser sent back: altcha's own measure of the solve, and the steps it took. */
function proofIn(postData) {
  // React sends a form's fields with its own prefix ("1_altcha").
  const field = /name="(?:[^"]*_)?altcha"\r\n\r\n([^\r]*)\r\n/.exec(postData ?? '');
  if (!field) return undefined;
  try {
    const { solution } = JSON.parse(field[1]);
    return { solveMs: solution.time, steps: solution.counter };
  } catch {
    return undefined;
  }
}

/** One buyer: load the page at a phone's pace, fill the form, send it, wait for the success message. */
async function buyer(browser, url, index, { run, cpuSlowdown }) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    extraHTTPHeaders: { 'x-real-ip': `203.0.113.${index + 1}` },
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await page.goto(url);
    // Down to the form, which wakes the page as it comes near (scripts/first-paint.mjs), as a buyer's scroll does.
    await page.locator('#inquiry-form').scrollIntoViewIfNeeded();
    // Hydrated once the form has filled in its submission key.
    await page.waitForFunction(() => document.querySelector('#inquiry-form input[name="submission_key"]')?.value, undefined, { timeout: 30_000 });
    const email = `buyer+${run}-${index}@example.com`;
    await page.fill('#inquiry-form [name="full_name"]', `Buyer ${index}`);
    await page.fill('#inquiry-form [name="email"]', email);
    await page.fill('#inquiry-form [name="message"]', 'A private tour, please.');

    const posts = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.headers()['next-action']) posts.push({ request, sentAt: performance.now() });
    });
    page.on('requestfinished', (request) => {
      const post = posts.find((candidate) => candidate.request === request);
      if (post) post.answeredAt = performance.now();
    });
    const clicked = performance.now();
    await page.click('#inquiry-form button[type="submit"]');
    const succeeded = await page
      .waitForFunction((text) => document.getElementById('inquiry-form-status')?.textContent === text, SUCCESS, { timeout: 30_000 })
      .then(() => true)
      .catch(() => false);
    const latencyMs = performance.now() - clicked;
    const proof = posts.length > 1 ? proofIn(posts[1].request.postData()) : undefined;
    return {
      email,
      succeeded,
      latencyMs,
      posts: posts.length,
      // From the challenge's arrival to the proof's departure: loading the solver and solving, as the visitor waits.
      challengeToProofMs: posts.length > 1 && posts[0].answeredAt ? posts[1].sentAt - posts[0].answeredAt : NaN,
      solveMs: proof?.solveMs ?? NaN,
      steps: proof?.steps ?? NaN,
    };
  } finally {
    await context.close();
  }
}

export async function floodWithBuyers(url, { seconds, buyers, chromePath, perSecond = 11, addresses = 200, cpuSlowdown = 4 }) {
  const run = Date.now().toString(36);
  const browser = await chromium.launch({ executablePath: chromePath, args: CHROME_FLAGS.filter((flag) => flag !== '--headless=new') });
  try {
    const started = performance.now();
    const flood = floodPosts(url, { seconds, perSecond, addresses, run });
    const visits = [];
    const every = Math.max(1000, (seconds * 1000 - 8000) / buyers);
    for (let index = 0; index < buyers; index++) {
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + 1500 + index * every - performance.now())));
      visits.push(await buyer(browser, url, index, { run, cpuSlowdown }).catch((error) => ({ email: `buyer+${run}-${index}@example.com`, succeeded: false, error: String(error) })));
    }
    const posts = await flood;
    const proved = visits.filter((visit) => visit.posts > 1);
    return {
      seconds,
      perSecond,
      addresses,
      cpuSlowdown,
      flood: { sent: posts.sent, succeeded: posts.answered.success, challenged: posts.answered.challenge, refused: posts.answered.error, other: posts.answered.other },
      buyers: visits,
      buyerLatencyMs: { ...spread(visits.map((visit) => visit.latencyMs)), p95: percentile(visits.map((visit) => visit.latencyMs), 0.95) },
      solveMs: { ...spread(proved.map((visit) => visit.solveMs)), p95: percentile(proved.map((visit) => visit.solveMs), 0.95) },
      challengeToProofMs: { ...spread(proved.map((visit) => visit.challengeToProofMs)), p95: percentile(proved.map((visit) => visit.challengeToProofMs), 0.95) },
      steps: spread(proved.map((visit) => visit.steps)),
      proved: proved.length,
    };
  } finally {
    await browser.close();
  }
}
