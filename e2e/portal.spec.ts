import type { Page } from '@playwright/test';
import { JULIEN, MARCUS, openSession, signedInPage, withSession } from './support/accounts';
import { expect, test } from './support/fixtures';
import { lookAt } from './support/shots';
import { fontsOf } from '@/__tests__/support/pdf-fonts';
import { listEstates, openPortalToAddresses, publishTerms, TERMS_V1, TERMS_V2, textOf } from './support/portal';

// The broker portal on the production build: the terms before anything else, then availability and pricing, the
// renders, and whom to call; for approved brokers, and for the team, who see what brokers see.

const availability = (page: Page) => page.getByRole('table');
// Each lot's name as the page holds it: on a phone the cards out of sight are not yet laid out (the rendered text,
// innerText, of such a card is empty), yet they are in the page, read by a screen reader and found by a search.
const lots = (page: Page) => availability(page).locator('tbody th').allTextContents();

test.beforeEach(({ stack }) => stack.reset());

for (const width of [1440, 390]) {
  test(`at ${width} px a broker accepts the terms before anything else, filters availability, and accepts a new version when it comes`, async ({ browser, baseURL, stack }) => {
    await listEstates(stack);
    await publishTerms(stack, TERMS_V1);
    const page = await signedInPage(browser, baseURL!, stack, MARCUS, width);
    // Signing in lands a broker in the portal, at its terms.
    await expect(page).toHaveURL(/\/portal$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Co-brokerage terms');
    await expect(page.getByText('Register your client before their first showing.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Availability and pricing' })).toHaveCount(0);
    await page.getByRole('button', { name: 'I accept these terms' }).click();

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Broker portal');
    expect(await lots(page)).toEqual(['Lot 1', 'Lot 2', 'Lot 3', 'Lot 10']);
    await expect(availability(page)).toContainText('$8,950,000');
    await expect(availability(page)).toContainText('Price on request');
    await expect(availability(page)).toContainText('9,200 sq ft');
    await page.getByRole('link', { name: 'Sold', exact: true }).click();
    // Read once the filtered page has come, not from the page the click left.
    await expect.poll(() => lots(page)).toEqual(['Lot 10']);
    await expect(page.getByRole('link', { name: 'Sold', exact: true })).toHaveAttribute('aria-current', 'page');
    await page.getByRole('link', { name: 'All', exact: true }).click();
    await expect.poll(() => lots(page)).toHaveLength(4);
    // Readable on a phone: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expect(page.getByRole('region', { name: 'Co-brokerage terms' })).toContainText('Version 1, accepted');
    await expect(page.getByRole('region', { name: 'Your contact' })).toBeVisible();

    await publishTerms(stack, TERMS_V2);
    await page.reload();
    await expect(page.getByText('Our co-brokerage terms have changed.')).toBeVisible();
    await expect(page.getByText('A registration protects you for 90 days.')).toBeVisible();
    await page.getByRole('button', { name: 'I accept these terms' }).click();
    await expect(page.getByRole('region', { name: 'Co-brokerage terms' })).toContainText('Version 2, accepted');
    const accepted = await stack.query<{ version: number }>(
      'select version from private.terms_acceptances join private.accounts a on a.id = account_id where a.email = $1 order by version',
      [MARCUS.email],
    );
    expect(accepted.map((row) => row.version)).toEqual([1, 2]);
    await page.context().close();
  });
}

test('before the team publishes its first terms, a broker reads that the portal opens soon: no price, document or image answers them', async ({ browser, baseURL, stack }) => {
  await listEstates(stack);
  const page = await signedInPage(browser, baseURL!, stack, MARCUS, 390);
  await expect(page).toHaveURL(/\/portal$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Broker portal');
  await expect(page.getByText('The broker portal opens soon.', { exact: false })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Image library' })).toHaveCount(0);
  await expect(page.getByRole('main')).not.toContainText('$8,950,000');
  await lookAt(page, 'portal-opens-soon-390');
  for (const document of ['price-list.pdf', 'brochure.pdf']) {
    for (const method of ['GET', 'HEAD'] as const) {
      const answer = await page.request.fetch(`${baseURL}/portal/${document}`, { method, maxRedirects: 0 });
      expect({ document, method, status: answer.status(), type: answer.headers()['content-type'] ?? '' }).toEqual({
        document,
        method,
        status: 307,
        type: expect.not.stringContaining('pdf'),
      });
      expect(new URL(answer.headers().location!, baseURL).pathname).toBe('/portal');
    }
  }
  expect(await stack.query('select count(*)::int as n from private.portal_downloads')).toEqual([{ n: 0 }]);
  await page.context().close();
});

test('an old version accepted after a new one was published is refused, and the new one shown', async ({ browser, baseURL, stack }) => {
  await publishTerms(stack, TERMS_V1);
  const page = await signedInPage(browser, baseURL!, stack, MARCUS);
  await expect(page.getByText('Register your client before their first showing.')).toBeVisible();
  await publishTerms(stack, TERMS_V2);
  await page.getByRole('button', { name: 'I accept these terms' }).click();
  await expect(page.getByRole('status')).toHaveText('A newer version was published while you were reading. Please read it and accept it.');
  await expect(page.getByText('A registration protects you for 90 days.')).toBeVisible();
  await page.context().close();
});

test('the renders at full resolution, each downloadable; the team sees the portal as brokers do, without the terms to accept', async ({ browser, baseURL, stack }) => {
  await publishTerms(stack, TERMS_V1);
  const page = await signedInPage(browser, baseURL!, stack, JULIEN);
  await page.goto('/portal');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Broker portal');
  const downloads = page.getByRole('region', { name: 'Image library' }).getByRole('link');
  expect(await downloads.count()).toBe(7);
  for (const link of await downloads.all()) {
    const address = (await link.getAttribute('href'))!;
    const answer = await page.request.get(address);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toBe('image/jpeg');
  }
  // Each shown (loaded as it comes near the screen).
  for (const image of await page.getByRole('region', { name: 'Image library' }).locator('img').all()) {
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  }
  await page.context().close();
});

test('private: no-store and noindex, nobody signed out sees it, and the store refuses an account that is gone', async ({ request, stack }) => {
  const signedOut = await request.get('/portal', { maxRedirects: 0 });
  expect(signedOut.status()).toBe(307);
  expect(signedOut.headers().location).toMatch(/^\/sign-in\?next=%2Fportal/);
  const token = await openSession(stack, MARCUS);
  const seen = await request.get('/portal', { headers: { cookie: `__Host-aldercrest_session=${token}` } });
  expect(seen.status()).toBe(200);
  expect(seen.headers()['cache-control']).toBe('no-store');
  expect(seen.headers()['x-robots-tag']).toBe('noindex, nofollow');
  await stack.query("update private.accounts set status = 'removed' where email = $1", [MARCUS.email]);
  const removed = await request.get('/portal', { headers: { cookie: `__Host-aldercrest_session=${token}` }, maxRedirects: 0 });
  expect(removed.status()).not.toBe(200);
});

/** A PDF's text, as pdftotext lays it out. */
test('the price list and the brochure, made for the broker who asks, each download recorded; none before the terms are accepted', async ({ browser, baseURL, stack }) => {
  test.setTimeout(90_000);
  await listEstates(stack);
  await publishTerms(stack, TERMS_V1);
  const page = await signedInPage(browser, baseURL!, stack, MARCUS);
  // Before the terms: back to them, no document.
  const early = await page.request.get('/portal/price-list.pdf', { maxRedirects: 0 });
  expect(early.status()).toBe(307);
  expect(early.headers().location).toMatch(/\/portal$/);
  expect((await page.request.head('/portal/price-list.pdf', { maxRedirects: 0 })).status()).toBe(307);
  await page.getByRole('button', { name: 'I accept these terms' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Broker portal');

  for (const [name, words] of [
    ['Download the price list (PDF)', ['Lot 1', 'Lot 10', '$8,950,000', 'Price on request', MARCUS.name, 'Hale Realty']],
    ['Download the brochure (PDF)', ['Aldercrest Estates', 'Where Unparalleled Luxury Meets Timeless Elegance']],
  ] as const) {
    const href = (await page.getByRole('link', { name }).getAttribute('href'))!;
    // Asked about first, as a link checker or a browser would: told what it is, with nothing made or recorded.
    const about = await page.request.head(href);
    expect(about.status()).toBe(200);
    expect(about.headers()['content-type']).toBe('application/pdf');
    expect(about.headers()['cache-control']).toBe('no-store');
    expect(await about.body()).toHaveLength(0);
    const answer = await page.request.get(href);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toBe('application/pdf');
    expect(answer.headers()['cache-control']).toBe('no-store');
    expect(answer.headers()['content-disposition']).toMatch(/^attachment; filename="aldercrest-/);
    const text = textOf(await answer.body());
    for (const word of words) expect(text).toContain(word);
  }
  const downloads = await stack.query<{ kind: string }>(
    'select kind from private.portal_downloads d join private.accounts a on a.id = d.account_id where a.email = $1 order by d.at',
    [MARCUS.email],
  );
  expect(downloads.map((row) => row.kind)).toEqual(['price_list', 'brochure']);
  expect((await page.request.get('/portal/anything.pdf')).status()).toBe(404);
  expect((await page.request.head('/portal/anything.pdf')).status()).toBe(404);
  await page.context().close();
});

test('a broker whose name is written in other scripts finds it printed as written on the price list the server makes', async ({ browser, baseURL, stack }) => {
  test.setTimeout(90_000);
  await listEstates(stack);
  await publishTerms(stack, TERMS_V1);
  const broker = { email: 'lin@dabrowska-partners.example', name: 'Łucja Dąbrowska 林美玲', role: 'broker' as const, brokerage: 'Ἀκτή ສວນ Realty' };
  const page = await signedInPage(browser, baseURL!, stack, broker);
  await page.getByRole('button', { name: 'I accept these terms' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Broker portal');
  const answer = await page.request.get('/portal/price-list.pdf', { maxRedirects: 0 });
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('application/pdf');
  const pdf = await answer.body();
  expect(textOf(pdf)).toContain('Prepared for Łucja Dąbrowska 林美玲, Ἀκτή ສວນ Realty, on ');
  // Made on the documents' own thread, from the typefaces the build's server carries: the Han characters, the Lao
  // and the polytonic Greek in Noto Sans.
  for (const face of ['NotoSansSC', 'NotoSansLao', 'NotoSans-']) expect(fontsOf(pdf).some((font) => font.startsWith(face))).toBe(true);
  await page.context().close();
});

test('a burst of asks for the price list: one account\'s repeats share one document, and past those that may wait the rest are told to come back, nothing left hanging', async ({ baseURL, server, stack }) => {
  test.setTimeout(120_000);
  await listEstates(stack);
  // A GET sent again once if the kept-alive connection it went out on had just been closed by the server (as a browser
  // does): after the burst, a pooled socket can meet the server's idle timeout in the same instant.
  const ask = (cookie: Record<string, string>) =>
    fetch(`${baseURL}/portal/price-list.pdf`, { headers: cookie }).catch((error: Error) => {
      if ((error.cause as Error | undefined)?.message !== 'other side closed') throw error;
      return fetch(`${baseURL}/portal/price-list.pdf`, { headers: cookie });
    });
  const documentLines = (from: number) =>
    server
      .output()
      .slice(from)
      .split('\n')
      .filter((line) => line.includes('"portal.document"'))
      .map((line) => JSON.parse(line) as { shared: boolean });

  // Six at once from one account (a double click, a second tab, a script): one document made, given to each.
  const marcus = withSession(await openSession(stack, MARCUS));
  await openPortalToAddresses(stack, MARCUS.email);
  let from = server.output().length;
  const repeats = await Promise.all(Array.from({ length: 6 }, () => ask(marcus)));
  expect(repeats.map((answer) => answer.status)).toEqual(Array(6).fill(200));
  const bodies = await Promise.all(repeats.map(async (answer) => Buffer.from(await answer.arrayBuffer())));
  for (const body of bodies) expect(body.equals(bodies[0]!)).toBe(true);
  expect(textOf(bodies[0]!)).toContain(MARCUS.name);
  // The server's lines may follow its answers by a moment.
  await expect.poll(() => documentLines(from).length).toBe(6);
  expect(documentLines(from).filter((line) => !line.shared)).toHaveLength(1);

  // Forty brokers at once: twelve may wait, the first of them made; the rest are told to come back.
  const brokers = await Promise.all(
    Array.from({ length: 40 }, async (_, index) =>
      withSession(await openSession(stack, { email: `broker-${index}@burst.example`, name: `Broker ${index}`, role: 'broker', brokerage: 'Burst Realty' })),
    ),
  );
  await openPortalToAddresses(stack, ...brokers.map((_, index) => `broker-${index}@burst.example`));
  from = server.output().length;
  const burst = await Promise.all(brokers.map(ask));
  const statuses = burst.map((answer) => answer.status);
  expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
  expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(12);
  const refused = burst.filter((answer) => answer.status === 503);
  expect(refused.length).toBeGreaterThan(0);
  for (const answer of refused) {
    expect(answer.headers.get('retry-after')).toBe('30');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await answer.text()).toBe('The document could not be made just now. Please try again in a minute.');
  }
  for (const answer of burst.filter((each) => each.status === 200)) expect(Buffer.from(await answer.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
  await expect.poll(() => documentLines(from).length).toBe(burst.length - refused.length);

  // Afterwards, a broker who was told to come back is given the document.
  const again = await ask(brokers[burst.findIndex((answer) => answer.status === 503)]!);
  expect(again.status).toBe(200);
});

test('at 390 px, before any script has run, the way between the places shows each one whole: the current in sight, none over another', async ({ browser, baseURL, stack }) => {
  await listEstates(stack);
  // Each signed in once; the broker's account exists from then on, so the portal can be opened to it.
  const sessions = new Map([MARCUS, JULIEN].map((person) => [person, openSession(stack, person)]));
  await Promise.all(sessions.values());
  await openPortalToAddresses(stack, MARCUS.email);
  const looks = async (person: typeof MARCUS, address: string) => {
    // The portal wakes only as a form is used, so its visitors may read it with the row as the style sheet holds it.
    const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, javaScriptEnabled: false, extraHTTPHeaders: withSession(await sessions.get(person)!) });
    const page = await context.newPage();
    await page.goto(address);
    const places = page.getByRole('navigation', { name: person.role === 'broker' ? 'Broker portal' : 'Back office' });
    const seen = await places.evaluate((nav) => {
      const row = nav.querySelector('ul')!.getBoundingClientRect();
      return [...nav.querySelectorAll('a')].map((link) => {
        const box = link.getBoundingClientRect();
        const inRow = box.left >= row.left && box.right <= row.right;
        // What is drawn at the start of the place's first word: the place itself, unless another lies over it.
        const atItsStart = document.elementFromPoint(box.left + 3, box.top + box.height / 2);
        return { place: link.textContent, current: link.getAttribute('aria-current') === 'page', inRow, whole: inRow && link.contains(atItsStart) };
      });
    });
    await context.close();
    return seen;
  };
  // A broker's two places fit the row: both whole, wherever the broker is.
  for (const address of ['/portal', '/account']) {
    expect(await looks(MARCUS, address)).toEqual([
      { place: 'Broker portal', current: address === '/portal', inRow: true, whole: true },
      { place: 'Your account', current: address === '/account', inRow: true, whole: true },
    ]);
  }
  // The team's ten do not: the current one is held in sight at the row's far edge over those beneath it, and the
  // first, current, covers nothing.
  const estates = await looks(JULIEN, '/admin/estates');
  expect(estates.find((place) => place.current)).toEqual({ place: 'Estates', current: true, inRow: true, whole: true });
  const leads = await looks(JULIEN, '/admin');
  expect(leads.slice(0, 2)).toEqual([
    { place: 'Leads', current: true, inRow: true, whole: true },
    { place: expect.stringMatching(/^Registrations/), current: false, inRow: true, whole: true },
  ]);
});
