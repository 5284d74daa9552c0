import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { agent, awake, brokerForm, fillInquiry, inquiryForm, prospect, sendBroker } from './support/forms';
import { startHttpsFront } from './support/https-front';
import { spec } from './support/spec-copy';

/** The sources script-src allows, by directive, from a Content-Security-Policy header. */
function scriptSources(policy: string | undefined): string[] {
  const directive = (policy ?? '').split(';').map((part) => part.trim().split(/\s+/)).find(([name]) => name === 'script-src');
  return directive?.slice(1) ?? [];
}

/** Everything the browser refused under the policy, from its console and from the page's own violation events. */
async function watchRefusals(page: Page) {
  const refused: string[] = [];
  page.on('console', (message) => /Content Security Policy|Refused to/.test(message.text()) && refused.push(message.text()));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) => console.error(`Refused to run: ${event.violatedDirective} ${event.blockedURI}`)),
  );
  return refused;
}

test('no page allows inline scripts wholesale, and every inline script of the page and the 404 page is allowed by its hash', async ({ request }) => {
  for (const url of ['/', '/no-such-page']) {
    const response = await request.get(url);
    const sources = scriptSources(response.headers()['content-security-policy']);
    expect(sources, url).not.toContain("'unsafe-inline'");
    expect(sources, url).not.toContain("'unsafe-eval'");
    const html = await response.text();
    const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)(?![^>]*type="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g)].map(([, body]) => body!);
    // At least the one that starts the page's data and scripts after the first paint.
    expect(inline.length, url).toBeGreaterThan(0);
    for (const body of inline) expect(sources, `${url}: ${body.slice(0, 60)}`).toContain(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
});

test('a page rendered per request (the privacy notice, the sign-in page) allows only its own nonce, which each inline script carries', async ({ request }) => {
  for (const url of ['/privacy', '/sign-in']) {
    const response = await request.get(url);
    const sources = scriptSources(response.headers()['content-security-policy']);
    expect(sources, url).toEqual(["'self'", expect.stringMatching(/^'nonce-[A-Za-z0-9+/]{22}=='$/)]);
    const nonce = sources[1]!.slice("'nonce-".length, -1);
    const scripts = [...(await response.text()).matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag).filter((tag) => !tag.includes('application/ld+json'));
    expect(scripts.length, url).toBeGreaterThan(2);
    for (const tag of scripts) expect(tag, url).toContain(`nonce="${nonce}"`);
  }
  // A new nonce for every response.
  const [first, second] = [await request.get('/privacy'), await request.get('/privacy')].map((response) => response.headers()['content-security-policy']);
  expect(first).not.toBe(second);
});

test('the home page is served as prerendered at build, never rendered again, so its hashes hold', async ({ request }) => {
  const built = readFileSync(path.resolve('.next/standalone/.next/server/app/index.html'), 'utf8');
  const first = await request.get('/', { headers: { 'accept-encoding': 'br' } });
  expect(first.headers()['content-encoding']).toBe('br');
  expect(first.headers()['cache-control']).not.toMatch(/s-maxage=3600|stale-while-revalidate/);
  expect(await first.text()).toBe(built);
  const second = await request.get('/', { headers: { 'accept-encoding': 'br' } });
  expect(first.headers()['etag']).toMatch(/^"[\w-]+"$/);
  expect(second.headers()['etag']).toBe(first.headers()['etag']);
  expect(await second.text()).toBe(built);
});

test('under the policy the page hydrates, its scripts in Brotli, and both forms send with JavaScript, without a navigation', async ({ page, rows }) => {
  const refused = await watchRefusals(page);
  const documents: string[] = [];
  page.on('request', (request) => request.isNavigationRequest() && documents.push(`${request.method()} ${request.url()}`));
  // Every script and style sheet it loads comes compressed at build, in Brotli (server/compressed-static.cjs).
  const encodings = new Map<string, string | undefined>();
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (/^\/_next\/static\/.+\.(js|css)$/.test(pathname)) encodings.set(pathname, response.headers()['content-encoding']);
  });
  await page.goto('/');
  await awake(page);
  expect(encodings.size).toBeGreaterThanOrEqual(8);
  expect([...encodings].filter(([, encoding]) => encoding !== 'br')).toEqual([]);

  await fillInquiry(page);
  const inquirySent = page.waitForRequest((request) => request.method() === 'POST' && 'next-action' in request.headers());
  await inquiryForm(page).getByRole('button').click();
  await inquirySent;
  await expect(inquiryForm(page).getByRole('status')).toHaveText(spec.inquiry.success);

  await sendBroker(page);
  await expect(brokerForm(page).getByRole('status')).toHaveText(spec.broker.success);

  expect(documents).toHaveLength(1);
  expect(await rows('prospect_inquiries')).toEqual([expect.objectContaining(prospect)]);
  expect(await rows('broker_requests')).toEqual([expect.objectContaining(agent)]);
  expect(refused).toEqual([]);
});

test('a form sent before the page hydrated comes back as a page rendered for that request, which hydrates under its nonce', async ({ page, stack }) => {
  await stack.reset();
  const refused = await watchRefusals(page);
  // The first page's scripts never arrive (neither fetched ahead nor when the first field woke it), as on a slow
  // phone that sends before they do; the answer's do.
  let firstPage = true;
  await page.route('**/_next/static/chunks/**', (route) => (firstPage ? route.abort() : route.continue()));
  await page.goto('/');
  await fillInquiry(page);
  firstPage = false;
  const [answer] = await Promise.all([page.waitForResponse((response) => response.request().method() === 'POST'), inquiryForm(page).getByRole('button').click()]);
  const sources = scriptSources(answer.headers()['content-security-policy']);
  expect(sources).toEqual(["'self'", expect.stringMatching(/^'nonce-[A-Za-z0-9+/]{22}=='$/)]);

  await expect(inquiryForm(page).getByRole('status')).toHaveText(spec.inquiry.success);
  await expect(page.getByRole('button', { name: 'Pause background slideshow' })).toBeVisible();
  expect(refused).toEqual([]);
});

test("the footer's year is the visitor's, though the page was written at build", async ({ page }) => {
  const refused = await watchRefusals(page);
  await page.clock.setFixedTime(new Date('2031-01-01T00:05:00'));
  await page.goto('/');
  // The page wakes as the visitor comes near its forms, on the way to the footer.
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  await expect(page.getByRole('contentinfo')).toContainText(`© 2031 ${spec.name}. All rights reserved.`);
  expect(refused).toEqual([]);
});

test('the MDN HTTP Observatory grades the site A+ over https', async ({ server }) => {
  test.setTimeout(120_000);
  const front = await startHttpsFront(server.url);
  try {
    const { stdout } = await promisify(execFile)(process.execPath, ['e2e/support/observatory-scan.mjs', front.host], {
      env: { ...process.env, NODE_EXTRA_CA_CERTS: front.certificate },
      timeout: 90_000,
    });
    const result = JSON.parse(stdout) as { grade: string; score: number; tests: Record<string, { pass: boolean; result: string; scoreModifier: number }> };
    const failed = Object.entries(result.tests).filter(([, outcome]) => !outcome.pass);
    expect(failed).toEqual([]);
    // Inline styles stay allowed (next/image's blur placeholders are style attributes); the Observatory takes nothing off for that.
    expect(result.tests['content-security-policy']?.result).toBe('csp-implemented-with-unsafe-inline-in-style-src-only');
    expect(result.tests['content-security-policy']?.scoreModifier).toBe(0);
    expect(result.tests['cross-origin-resource-policy']?.result).toBe('corp-implemented-with-same-origin');
    expect(result.grade).toBe('A+');
  } finally {
    await front.stop();
  }
});
