import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { startNextServer } from '@/__tests__/support/next-server.mjs';
import { formStatus, postFormWithoutScript } from '@/__tests__/support/no-js-form.mjs';
import { exportColumns } from '@/lib/admin/csv';
import { LEAD_FORMS, type LeadFormName } from '@/lib/leads/forms';
import { AVA, MARCUS, openSession, signedInPage, withSession } from './support/accounts';
import { expect, test } from './support/fixtures';
import { prospect } from './support/forms';
import { spec } from './support/spec-copy';

/** A CSV header: the export's columns, quoted. */
const header = (form: LeadFormName) => exportColumns(LEAD_FORMS[form]).map((column) => `"${column}"`).join(',');

test.describe('the leads inbox', () => {
  test.use({ serverKind: 'team' });

  test('sends anyone without a session to sign in, and is never cached or indexed', async ({ request, stack, server }) => {
    await stack.reset();
    const anonymous = await request.get(`${server.url}/admin/leads/00000000-0000-4000-8000-000000000000?saved=status`, { maxRedirects: 0 });
    expect(anonymous.status()).toBe(307);
    expect(anonymous.headers()['location']).toBe(`/sign-in?next=${encodeURIComponent('/admin/leads/00000000-0000-4000-8000-000000000000?saved=status')}`);
    expect(anonymous.headers()['cache-control']).toBe('no-store');
    expect((await request.get(`${server.url}/admin/export/inquiry`)).status()).toBe(404);
    const signedIn = await request.get(`${server.url}/admin`, { headers: withSession(await openSession(stack, AVA)) });
    expect(signedIn.status(), server.output()).toBe(200);
    expect(signedIn.headers()['cache-control']).toBe('no-store');
    expect(signedIn.headers()['x-robots-tag']).toBe('noindex, nofollow');
    expect(await signedIn.text()).toContain('<meta name="robots" content="noindex, nofollow"/>');
  });

  test('shows both kinds of lead, newest first, a page at a time', async ({ browser, rows, stack, server }) => {
    for (let index = 1; index <= 27; index++) {
      await postFormWithoutScript(`${server.url}/`, 'inquiry-form', { ...prospect, full_name: `Visitor ${index}`, email: `v${index}@example.com` });
    }
    await postFormWithoutScript(`${server.url}/`, 'broker-form', {
      full_name: 'Marcus Hale', email: 'marcus@hale.realty', brokerage: 'Hale Realty', license_number: 'DRE 1', phone: '', message: '',
    });
    expect(await rows('prospect_inquiries')).toHaveLength(27);

    const page = await signedInPage(browser, server.url, stack, AVA);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Prospect inquiries');
    await expect(page.getByRole('link', { name: /Prospect inquiries/ })).toHaveAttribute('aria-current', 'page');
    const names = page.getByRole('main').getByRole('table').first().getByRole('rowheader');
    await expect(names).toHaveCount(25);
    await expect(names.first()).toHaveText('Visitor 27');
    await expect(page.getByText('1–25 of 27')).toBeVisible();

    await page.getByRole('link', { name: 'Older' }).click();
    await expect(names).toHaveText(['Visitor 2', 'Visitor 1']);

    await page.getByRole('link', { name: /Broker requests/ }).click();
    await expect(names).toHaveText(['Marcus Hale']);
    await expect(page.getByText('Hale Realty', { exact: true })).toBeVisible();
    await page.context().close();
  });

  test('exports each list as CSV that a spreadsheet cannot run, to a team member alone', async ({ request, stack, server }) => {
    await stack.reset();
    await postFormWithoutScript(`${server.url}/`, 'inquiry-form', {
      ...prospect, full_name: 'Mallory', phone: '+1 555 0100', message: '=HYPERLINK("http://evil.example","Click")',
    });
    const signedIn = withSession(await openSession(stack, AVA));
    const exported = await request.get(`${server.url}/admin/export/inquiry`, { headers: signedIn });
    expect(exported.status()).toBe(200);
    expect(exported.headers()['content-type']).toBe('text/csv; charset=utf-8');
    expect(exported.headers()['cache-control']).toBe('no-store');
    expect(exported.headers()['content-disposition']).toMatch(/^attachment; filename="aldercrest-inquiry-\d{4}-\d{2}-\d{2}\.csv"$/);
    const csv = (await exported.body()).toString('utf8');
    expect(csv.startsWith(`\uFEFF${header('inquiry')}\r\n`)).toBe(true);
    const mallory = csv.split('\r\n').find((line) => line.includes('Mallory'));
    expect(mallory).toContain(`"'+1 555 0100","'=HYPERLINK(""http://evil.example"",""Click"")"`);

    const brokers = await request.get(`${server.url}/admin/export/broker`, { headers: signedIn });
    expect((await brokers.text()).split('\r\n')[0]).toBe(`\uFEFF${header('broker')}`);
    for (const unknown of ['passwords', 'constructor', '__proto__', 'toString']) {
      expect((await request.get(`${server.url}/admin/export/${unknown}`, { headers: signedIn })).status()).toBe(404);
    }
    const broker = withSession(await openSession(stack, MARCUS));
    expect((await request.get(`${server.url}/admin/export/inquiry`, { headers: broker })).status()).toBe(404);
  });
});

test.describe('search and social', () => {
  test('the page describes itself: title, description, canonical, Open Graph and Twitter cards, JSON-LD, icons, theme colour', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Aldercrest Estates | Gated Luxury Estate Homes');
    const meta = (selector: string) => page.locator(selector).first().getAttribute('content');
    expect(await meta('meta[name="description"]')).toMatch(/gated enclave of custom estate homes/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', 'http://localhost:3000');
    expect(await meta('meta[property="og:title"]')).toBe('Aldercrest Estates | Gated Luxury Estate Homes');
    expect(await meta('meta[property="og:image"]')).toMatch(/^http:\/\/localhost:3000\/opengraph-image/);
    expect(await meta('meta[name="twitter:card"]')).toBe('summary_large_image');
    expect(await meta('meta[name="theme-color"]')).toBe('#0e1113');
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', /^\/icon\.png\?/);
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveCount(1);

    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(jsonLd).toMatchObject({ '@context': 'https://schema.org', '@type': 'GatedResidenceCommunity', name: 'Aldercrest Estates' });
    expect(jsonLd.amenityFeature.map((feature: { name: string }) => feature.name)).toEqual(
      expect.arrayContaining(['Infinity pools', 'Spa', 'Championship tennis courts', '24/7 security']),
    );
  });

  test("a page nobody is to find or share carries no card and no description, and its icon in itself", async ({ page }) => {
    const answer = await page.goto('/sign-in');
    expect(answer?.headers()['x-robots-tag']).toBe('noindex, nofollow');
    await expect(page).toHaveTitle('Sign in | Aldercrest Estates');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    await expect(page.locator('meta[name="description"], meta[property^="og:"], meta[name^="twitter:"]')).toHaveCount(0);
    // The icon is in the page (a 32 px PNG), not a file the browser would ask for as the page loads.
    const icon = await page.locator('link[rel="icon"]').getAttribute('href');
    const png = Buffer.from(/^data:image\/png;base64,([A-Za-z0-9+/=]+)$/.exec(icon ?? '')?.[1] ?? '', 'base64');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([32, 32]);
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', /^\/apple-icon\.png\?/);
  });

  test('the canonical link, Open Graph, JSON-LD, robots.txt and the sitemap all name the address the site was built for', async ({ page, request }) => {
    await page.goto('/');
    const built = 'http://localhost:3000';
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    const named = [
      await page.locator('link[rel="canonical"]').getAttribute('href'),
      await page.locator('meta[property="og:url"]').getAttribute('content'),
      await page.locator('meta[property="og:image"]').first().getAttribute('content'),
      jsonLd.url,
      jsonLd.image,
      /^Sitemap: (.*)$/m.exec(await (await request.get('/robots.txt')).text())?.[1],
      /<loc>([^<]*)<\/loc>/.exec(await (await request.get('/sitemap.xml')).text())?.[1],
    ];
    expect(named.map((url) => new URL(url ?? 'invalid:').origin)).toEqual(named.map(() => built));
  });

  test('a server told another SITE_URL than its build refuses to start, saying why', async () => {
    await expect(startNextServer({ SITE_URL: 'https://elsewhere.example', DATA_DIR: 'memory://' }, { timeoutMs: 30_000 })).rejects.toThrow(
      /SITE_URL is https:\/\/elsewhere\.example but this build was made for http:\/\/localhost:3000/,
    );
  });

  test('the social image is a 1200 x 630 PNG; robots.txt and the sitemap point at the site and keep out of /admin', async ({ request }) => {
    const image = await request.get('/opengraph-image');
    expect(image.headers()['content-type']).toBe('image/png');
    const png = await image.body();
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);

    const robots = await (await request.get('/robots.txt')).text();
    for (const path of ['/admin', '/sign-in', '/account', '/portal', '/tour']) expect(robots).toContain(`Disallow: ${path}`);
    expect(robots).toContain('Sitemap: http://localhost:3000/sitemap.xml');
    expect(await (await request.get('/sitemap.xml')).text()).toContain('<loc>http://localhost:3000/</loc>');
    const appleIcon = await request.get('/apple-icon.png');
    expect(appleIcon.headers()['content-type']).toBe('image/png');
  });
});

test('the health endpoint answers 200 while the store is reachable and 503 when it is not', async ({ request, stack }) => {
  const healthy = await request.get('/api/health');
  expect(healthy.status()).toBe(200);
  expect(await healthy.json()).toEqual({ status: 'ok', store: 'supabase', oldestPendingNoticeSeconds: null, failedNotices: 0 });
  expect(healthy.headers()['cache-control']).toContain('no-store');

  stack.setGateway('refuse');
  const down = await request.get('/api/health');
  expect(down.status()).toBe(503);
  expect(await down.json()).toEqual({ status: 'unavailable', store: 'supabase' });
  stack.setGateway('open');
});

test('the standalone server answers on its own: page, static files, health, a lead in the embedded store', async () => {
  test.setTimeout(120_000);
  const root = mkdtempSync(path.join(tmpdir(), 'aldercrest-standalone-'));
  const dataDir = path.join(root, 'data');
  try {
    const server = await startNextServer({ DATA_DIR: dataDir });
    const html = await (await fetch(`${server.url}/`)).text();
    expect(html).toContain(spec.tagline);
    // Named in the script that asks for the page's scripts once it is painted.
    const script = /"(\/_next\/static\/chunks\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    expect((await fetch(`${server.url}${script}`)).status).toBe(200);
    expect((await fetch(`${server.url}/brand/wordmark.svg`)).status).toBe(200);
    expect(await (await fetch(`${server.url}/api/health`)).json()).toMatchObject({ status: 'ok', store: 'embedded' });
    const answer = await postFormWithoutScript(`${server.url}/`, 'inquiry-form', { ...prospect });
    expect(formStatus(answer.html, 'inquiry-form').message).toBe(spec.inquiry.success);
    await server.stop();

    const db = await PGlite.create(path.join(dataDir, 'pgdata'));
    try {
      expect((await db.query('select email from prospect_inquiries')).rows).toEqual([{ email: prospect.email }]);
    } finally {
      await db.close();
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('an address that leads nowhere answers 404 with a way home', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page could not be found');
  await page.getByRole('link', { name: 'Return to Aldercrest' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(spec.name);
});
