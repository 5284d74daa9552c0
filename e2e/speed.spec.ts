import { get } from 'node:http';
import type { Page } from '@playwright/test';
import { KEEP_SCRIPT } from '@/lib/offline/keep-for-offline.mjs';
import { PAGE_DATA_ADDRESS } from '@/scripts/build-pages.mjs';
import { TYPEFACES, TYPEFACES_KEPT_KEY } from '@/scripts/first-paint.mjs';
import { expect, test } from './support/fixtures';
import { AVA } from './support/accounts';
import { awake, hydrated } from './support/forms';
import { framesDrawn, restingScroll } from './support/frames';
import { holdTypefaces, partsIn, typefaceStatuses } from './support/typefaces';

/**
 * What the page's first paint waits for: nothing but the HTML. How fast it comes is the bench's to say
 * (npm run bench); this says what it is made of, in the order a phone on any connection sees it.
 */

interface LoadRecord {
  firstContentfulPaint: number;
  largestContentfulPaint: { at: number; element: string };
  shifts: { value: number; sources: string[] }[];
  resources: { name: string; type: string; start: number }[];
}

/** Watches the load from before the first byte: paints, layout shifts, and what was asked for when. */
async function watchLoad(page: Page) {
  await page.addInitScript(() => {
    const record = { shifts: [] as { value: number; sources: string[] }[], largest: { at: 0, element: '' } };
    Object.assign(window, { loadRecord: record });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources: { node?: Node }[] })[]) {
        record.shifts.push({ value: entry.value, sources: entry.sources.map((source) => source.node?.nodeName ?? '') });
      }
    }).observe({ type: 'layout-shift', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { element: Element | null })[]) {
        record.largest = { at: entry.startTime, element: entry.element ? `${entry.element.nodeName} ${entry.element.textContent}` : '' };
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  return async (): Promise<LoadRecord> =>
    page.evaluate(() => {
      const record = (window as unknown as { loadRecord: { shifts: LoadRecord['shifts']; largest: LoadRecord['largestContentfulPaint'] } }).loadRecord;
      return {
        firstContentfulPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
        largestContentfulPaint: record.largest,
        shifts: record.shifts,
        resources: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => ({
          name: new URL(entry.name).pathname,
          type: entry.initiatorType,
          start: entry.startTime,
        })),
      };
    });
}


for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test(`at ${viewport.width} px the first paint is the title, in its own face, having asked for nothing, not even the photograph`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const record = await watchLoad(page);
    await page.goto('/');
    await awake(page);
    const { firstContentfulPaint, largestContentfulPaint, resources } = await record();

    expect(largestContentfulPaint.element).toBe('H1 Aldercrest Estates');
    expect(largestContentfulPaint.at).toBe(firstContentfulPaint);
    // Before it, perhaps the icon the browser asks for itself once the page has loaded; no script, no stylesheet, not
    // even the rules for paper, no font, and not the hero's photograph, which the first frame would wait to decode
    // (BENCHMARKS.md).
    const before = resources.filter((resource) => resource.start < firstContentfulPaint && resource.name !== '/icon.png');
    expect(before.map((resource) => resource.name)).toEqual([]);
    // After it, the rules for paper, the photograph, the page's data and its scripts, and the two typefaces.
    const forPaper = await page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][media="print"]')].map((link) => new URL(link.href).pathname));
    expect(forPaper).toHaveLength(1);
    const after = resources.filter((resource) => resource.start >= firstContentfulPaint);
    expect(after.filter((resource) => forPaper.includes(resource.name))).toHaveLength(1);
    expect(after.filter((resource) => resource.name === '/_next/image' && resource.type === 'img')).toHaveLength(1);
    expect(after.filter((resource) => resource.type === 'script').map((resource) => resource.name)).toEqual(
      expect.arrayContaining([expect.stringMatching(new RegExp(`^${PAGE_DATA_ADDRESS.source}$`))]),
    );
    expect(after.filter((resource) => resource.name.endsWith('.woff2'))).toHaveLength(2);
  });
}

test('before the typefaces, what the first frame lays out is in the faces the page carries, so no font of the system is looked up, and their coming leaves it as it is', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const typefaces = await holdTypefaces(page);
  // Not to the load event, which waits for the typefaces once they are asked for before it.
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await expect.poll(typefaces.held).toBe(TYPEFACES.length);
  // The parts below the hero are set aside (their own test says so); all else, the hero and the link that skips
  // it, down to a box that only lays out a line for a picture, is in one of the hero's faces.
  const firstFrame = () =>
    page.evaluate(() =>
      [...document.body.querySelectorAll('*')]
        .filter((element) => !element.closest('main, footer, svg *') && element.checkVisibility())
        .map((element) => ({ name: `${element.nodeName}.${element.getAttribute('class')}`, fonts: getComputedStyle(element).fontFamily })),
    );
  const held = await firstFrame();
  expect(held.filter(({ fonts }) => !/^"?Hero (Display|Text)"?$/.test(fonts.split(',')[0]!.trim()))).toEqual([]);
  // Their coming changes nothing of it, down to the families it would fall back to: a change there had the browser
  // style and lay out the whole hero again as they came, in a frame of its own (BENCHMARKS.md).
  await typefaces.release();
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.fonts ?? null)).toBeNull();
  expect(await firstFrame()).toEqual(held);
});

test("the hero's words are painted in their faces and never move, while the typefaces arrive for the rest of the page", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const record = await watchLoad(page);
  await page.goto('/');
  await awake(page);
  await page.evaluate(() => document.fonts.ready);

  const faces = await page.evaluate(() => {
    const fontOf = (selector: string) => {
      const element = document.querySelector(selector)!;
      const style = getComputedStyle(element);
      return { family: style.fontFamily.split(',')[0]!.replaceAll('"', '').trim(), weight: style.fontWeight };
    };
    return {
      loaded: [...document.fonts].filter((face) => face.status === 'loaded').map((face) => `${face.family.replaceAll('"', '')} ${face.weight}`),
      title: fontOf('h1'),
      eyebrow: fontOf('header p'),
      section: fontOf('#features-heading'),
      fontsHeldBack: document.documentElement.dataset.fonts ?? null,
    };
  });
  expect(faces.title).toEqual({ family: 'Hero Display', weight: '400' });
  expect(faces.eyebrow).toEqual({ family: 'Hero Text', weight: '600' });
  expect(faces.loaded).toEqual(expect.arrayContaining(['Hero Display 400', 'Hero Text 600', 'displayFont 300 700', 'textFont 200 800']));
  // Once the first paint is on screen the rest of the page is set in the typefaces themselves.
  expect(faces.fontsHeldBack).toBeNull();
  expect(faces.section.family).toBe('displayFont');

  const { shifts } = await record();
  expect(shifts).toEqual([]);
});

test('the parts below the hero wait for the typefaces set aside, and come with them, set in them, out of view', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // The clock stands still, so that on a host slow enough for the typefaces to take three seconds the parts still
  // come with them, not by the bound that lets them in whatever the typefaces do (its own test).
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
  const record = await watchLoad(page);
  await page.goto('/');
  await partsIn(page);
  // Let in together, in one task: the parts never set in the generic families.
  expect(await page.evaluate(() => document.documentElement.dataset.fonts ?? null)).toBeNull();
  expect(await typefaceStatuses(page)).toEqual(TYPEFACES.map(() => 'loaded'));
  const heading = await page.locator('#features-heading').evaluate((element) => ({
    family: getComputedStyle(element).fontFamily.split(',')[0]!.replaceAll('"', '').trim(),
    belowTheScreen: element.getBoundingClientRect().top > innerHeight,
  }));
  expect(heading).toEqual({ family: 'displayFont', belowTheScreen: true });
  expect((await record()).shifts).toEqual([]);
  // Nothing of it needed a script: the page is still asleep.
  expect(await page.evaluate(() => document.querySelectorAll('script[src]').length)).toBe(0);
});

/**
 * Opens the page with the typefaces held and its clock stopped, so that the three seconds after which the parts come
 * in whatever the typefaces do pass only when a test says so, however slow the host.
 */
async function openWithTypefacesHeld(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
  const typefaces = await holdTypefaces(page);
  // Not to the load event, which waits for the typefaces once they are asked for before it.
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  // Asked for once the first paint is on screen, and held here.
  await expect.poll(typefaces.held).toBe(TYPEFACES.length);
  const parts = () =>
    page.evaluate(() => ({
      setAside: document.documentElement.dataset.parts ?? null,
      next: getComputedStyle(document.querySelector('main > section')!).contentVisibility,
      forms: [...document.querySelectorAll('main > section')].filter((part) => part.querySelector('form')).map((part) => getComputedStyle(part).display !== 'none'),
    }));
  expect(await parts()).toEqual({ setAside: 'held', next: 'hidden', forms: [false, false] });
  return { typefaces, parts };
}

test('a visitor who reads on before the typefaces arrive has the parts at once, the forms among them', async ({ page }) => {
  const { typefaces, parts } = await openWithTypefacesHeld(page);
  await page.mouse.wheel(0, 40);
  await expect.poll(parts).toEqual({ setAside: null, next: 'auto', forms: [true, true] });
  expect(await page.evaluate(() => document.documentElement.dataset.fonts ?? null)).toBe('held');
  await typefaces.release();
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.fonts ?? null)).toBeNull();
});

test('the parts come in three seconds after the first paint when the typefaces do not', async ({ page }) => {
  const { typefaces, parts } = await openWithTypefacesHeld(page);
  // The page's clock has stood still since before its first paint: the three seconds are counted from there.
  await page.clock.runFor(2_999);
  expect(await parts()).toEqual({ setAside: 'held', next: 'hidden', forms: [false, false] });
  await page.clock.runFor(1);
  await expect.poll(parts).toEqual({ setAside: null, next: 'auto', forms: [true, true] });
  expect(await page.evaluate(() => document.documentElement.dataset.fonts ?? null)).toBe('held');
  await typefaces.release();
});

test('without JavaScript nothing waits: the typefaces and the rules for paper are asked for as the page is read, and it prints as it should', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  const fonts: string[] = [];
  const sheets: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font') fonts.push(new URL(request.url()).pathname);
    if (request.resourceType() === 'stylesheet') sheets.push(new URL(request.url()).pathname);
  });
  await page.goto('/', { waitUntil: 'load' });
  await expect.poll(() => fonts.length).toBe(2);
  expect(sheets).toEqual([expect.stringMatching(/^\/_next\/static\/chunks\/print-[0-9a-f]{16}\.css$/)]);
  expect(await page.evaluate(() => document.documentElement.dataset.fonts ?? null)).toBeNull();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation')).toBeHidden();
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeHidden();
  await context.close();
});

test('the page fetches its scripts after the first paint but runs none until the visitor shows intent or nears a form', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const scripts: string[] = [];
  // In order: each typeface's arrival and each script's request, so that no script is seen asked for while the
  // typefaces are still on their way (they and the parts they let in have the load to themselves).
  const order: string[] = [];
  page.on('request', (request) => new URL(request.url()).pathname.endsWith('.js') && order.push('script'));
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'font') order.push('typeface');
    if (new URL(request.url()).pathname.endsWith('.js')) scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  // Fetched ahead once the parts are in: on a busy host, after the network first fell quiet.
  await expect.poll(() => scripts.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(8);
  expect(order.indexOf('script')).toBeGreaterThan(order.lastIndexOf('typeface'));
  expect(order.filter((event) => event === 'typeface')).toHaveLength(2);
  const asleep = () =>
    page.evaluate(() => ({
      running: document.querySelectorAll('script[src]').length,
      fetchedAhead: document.querySelectorAll('link[rel="prefetch"]').length,
      key: document.querySelector<HTMLInputElement>('#inquiry-form input[name="submission_key"]')!.value,
    }));
  const atLoad = await asleep();
  expect(atLoad.running).toBe(0);
  expect(atLoad.key).toBe('');
  expect(atLoad.fetchedAhead).toBeGreaterThanOrEqual(8);
  // Nothing else but, once they have all come, the module that keeps the page for a visit with no signal.
  const pageScripts = scripts.filter((script) => script !== KEEP_SCRIPT);
  expect(new Set(pageScripts).size).toBe(atLoad.fetchedAhead);
  expect(scripts.slice(pageScripts.length)).toEqual(scripts.length > pageScripts.length ? [KEEP_SCRIPT] : []);
  // Reading on, short of the forms: still asleep.
  await page.mouse.wheel(0, 600);
  // Once the scroll has come to rest and the page has drawn it, with whatever its observers then said.
  await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(0);
  await restingScroll(page);
  await framesDrawn(page);
  expect(await asleep()).toEqual(atLoad);

  await awake(page);
  expect((await asleep()).running).toBeGreaterThanOrEqual(atLoad.fetchedAhead);
  // Each script once: React adds a chunk's script itself where it finds none marked `async`, which then ran twice.
  const running = await page.evaluate(() => [...document.querySelectorAll('script[src]')].map((script) => script.getAttribute('src')));
  expect(running.length).toBe(new Set(running).size);
});

test('a page rendered per request is painted from its HTML alone; on a first visit its words stay in the system faces, and the next page has the typefaces from the start; one with nothing to hydrate has no script of Next’s', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  const record = await watchLoad(page);
  await page.goto('/sign-in');
  // Its form posts as a plain form until its script runs: the page is marked to wake when the form is used, and its
  // scripts are fetched ahead, not run.
  await expect(page.locator('template[data-on-intent]')).toHaveCount(1);
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), TYPEFACES_KEPT_KEY), { timeout: 10_000 }).not.toBeNull();
  const held = await page.locator('script[data-after-paint]').count();
  expect(held).toBeGreaterThanOrEqual(3);
  const scriptsFetched = async () => (await record()).resources.filter((resource) => resource.name.endsWith('.js')).length;
  await expect.poll(scriptsFetched).toBe(held);
  expect(await page.locator('script[src]').count()).toBe(0);
  const first = await record();
  // Nothing was asked for before the first paint (the icon aside), the largest paint was the first, and nothing moved.
  expect(first.resources.filter((resource) => resource.start < first.firstContentfulPaint && resource.name !== '/icon.png')).toEqual([]);
  expect(first.largestContentfulPaint.at).toBe(first.firstContentfulPaint);
  // Nothing moved: not even the way home, which once grew around its mark when the parser stopped between the mark
  // and the name (components/shared/card-frame.module.scss).
  expect(first.shifts).toEqual([]);
  // The typefaces were fetched for later, never let in.
  expect(first.resources.filter((resource) => resource.name.endsWith('.woff2') && resource.type === 'link')).toHaveLength(2);
  const statuses = () => page.evaluate((families) => [...document.fonts].filter((face) => families.includes(face.family.replaceAll('"', ''))).map((face) => face.status), TYPEFACES);
  expect(await statuses()).toEqual(['unloaded', 'unloaded']);
  expect(await page.evaluate(() => getComputedStyle(document.querySelector('h1')!).fontFamily)).toBe('serif');

  // Used: a focus in its form adds its scripts, each once (React adds a chunk's script itself where it finds none
  // marked `async`), and React hydrates the form, with nothing said in the console.
  await page.locator('#sign-in-email-field').focus();
  await expect.poll(() => hydrated(page.locator('form').first())).toBe(true);
  const running = await page.evaluate(() => [...document.querySelectorAll('script[src]')].map((script) => script.getAttribute('src')));
  expect(running.length).toBeGreaterThanOrEqual(held);
  expect(running.length).toBe(new Set(running).size);

  // The next page, on the same device: the typefaces from the cache, in its first paint, and nothing moves.
  await page.goto('/privacy');
  await expect.poll(statuses).toEqual(['loaded', 'loaded']);
  await expect.poll(async () => (await record()).firstContentfulPaint).toBeGreaterThan(0);
  const next = await record();
  expect(await page.evaluate(() => document.documentElement.style.length)).toBe(0);
  // Asked for before the paint, as preloads: Chrome waits for an optional face only when it is preloaded.
  expect(next.resources.filter((resource) => resource.name.endsWith('.woff2')).map((resource) => resource.start < next.firstContentfulPaint)).toEqual([true, true]);
  expect(next.shifts).toEqual([]);
  expect(next.largestContentfulPaint.at).toBe(next.firstContentfulPaint);
  // A page with nothing to hydrate: no script of Next's at all, inert or inline, only the page's own.
  const scripts = () => page.evaluate(() => [...document.scripts].map((script) => script.src || (/__next|TURBOPACK/.test(script.textContent!) ? 'Next’s' : 'its own')));
  expect(await scripts()).toEqual(['its own']);
  expect((await record()).resources.filter((resource) => resource.name.endsWith('.js'))).toEqual([]);
  expect(errors).toEqual([]);
});

test("the home page, its headers included, fits a new connection's first round trip: ten segments, 14,600 bytes, over https with Brotli", async ({ baseURL }) => {
  const answer = await new Promise<{ status: number; headerBytes: number; bodyBytes: number; encoding: string }>((resolve, reject) => {
    const asked = get(new URL('/', baseURL), { headers: { 'accept-encoding': 'gzip, deflate, br, zstd', 'x-forwarded-proto': 'https' } }, (response) => {
      let bodyBytes = 0;
      response.on('data', (chunk: Buffer) => (bodyBytes += chunk.length));
      response.on('end', () => {
        // As the server wrote them: the status line, each field on its line (a name, ': ', its value, CRLF: two bytes
        // after each part), and the empty line after.
        const fields = response.rawHeaders.reduce((bytes, part) => bytes + Buffer.byteLength(part) + 2, 0);
        const statusLine = Buffer.byteLength(`HTTP/${response.httpVersion} ${response.statusCode} ${response.statusMessage}\r\n`);
        resolve({ status: response.statusCode ?? 0, headerBytes: statusLine + fields + 2, bodyBytes, encoding: String(response.headers['content-encoding']) });
      });
    });
    asked.on('error', reject);
  });
  expect(answer).toMatchObject({ status: 200, encoding: 'br' });
  expect(answer.headerBytes + answer.bodyBytes).toBeLessThanOrEqual(10 * 1460);
});

test('a page whose every client module works without its script gets none: painted, read and used as without JavaScript; one whose forms post before their script wakes as one is used', async ({ signedIn }) => {
  const ava = await signedIn(AVA, 390);
  const scripts: string[] = [];
  ava.on('request', (request) => new URL(request.url()).pathname.endsWith('.js') && scripts.push(new URL(request.url()).pathname));
  await ava.goto('/admin');
  await expect(ava.locator('template[data-scriptless]')).toHaveCount(1);
  // The page's own script has run its course (the typefaces fetched for the next page), and added none of Next's.
  await expect.poll(() => ava.evaluate((key) => localStorage.getItem(key), TYPEFACES_KEPT_KEY), { timeout: 10_000 }).not.toBeNull();
  expect(await ava.locator('script[src]').count()).toBe(0);
  expect(scripts).toEqual([]);
  // Nor was it sent the data only those scripts read.
  expect(await ava.evaluate(() => [...document.scripts].filter((script) => /__next|TURBOPACK/.test(script.textContent!)).length)).toBe(0);
  // The places' row marks where it is, without its script.
  await expect(ava.getByRole('navigation', { name: 'Back office' }).locator('a[aria-current="page"]')).toHaveCount(1);

  // The estates' page carries forms that post before their script runs: it is fetched ahead, and run as a form is
  // used, when the page is hydrated; a touch elsewhere (its places' row) leaves it asleep.
  await ava.goto('/admin/estates');
  await expect(ava.locator('template[data-scriptless]')).toHaveCount(0);
  await expect(ava.locator('template[data-on-intent]')).toHaveCount(1);
  await expect.poll(() => ava.evaluate(() => document.querySelectorAll('link[rel="prefetch"]:not([as])').length)).toBeGreaterThanOrEqual(3);
  await ava.getByRole('heading', { level: 1 }).click();
  expect(await ava.locator('script[src]').count()).toBe(0);
  await ava.locator('#add-estate input:not([type="hidden"])').first().focus();
  await expect.poll(() => hydrated(ava.locator('#add-estate form'))).toBe(true);
});
