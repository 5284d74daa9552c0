import { createServer, request as ask, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { TYPEFACES } from '@/scripts/first-paint.mjs';
import { expect, test } from './support/fixtures';
import { agent, awake, brokerForm, fillBroker, fillInquiry, inquiryForm, prospect } from './support/forms';
import { spec } from './support/spec-copy';
import { holdTypefaces, typefaceStatuses } from './support/typefaces';

/**
 * Without JavaScript the page returned after a post is scrolled to its answer; the typefaces are held back by
 * a routed response until the answer is on the page, then let through, and the answer must still be in view
 * once they have been set. Nothing here measures time; each test says where things are once all has arrived.
 */

/**
 * The typefaces have loaded, or failed, and no face the page asked for is still arriving: nothing is left to move
 * the page. A face nothing asked for stays unloaded: the typefaces' local stand-ins, on a page that held the
 * typefaces back until they had arrived (styles/globals.scss).
 */
const typefacesSettled = (page: Page) =>
  expect
    .poll(async () => {
      const typefaces = await typefaceStatuses(page);
      const arriving = (await page.evaluate(() => [...document.fonts].some((face) => face.status === 'loading'))) || typefaces.includes('unloaded');
      return typefaces.length === TYPEFACES.length && !arriving ? 'settled' : 'arriving';
    })
    .toBe('settled');

const FORMS = [
  {
    name: 'inquiry',
    form: inquiryForm,
    fill: fillInquiry,
    success: spec.inquiry.success,
    refuse: (page: Page) => fillInquiry(page, { ...prospect, email: 'eleanor@localhost' }),
  },
  {
    name: 'broker request',
    form: brokerForm,
    fill: fillBroker,
    success: spec.broker.success,
    refuse: (page: Page) => fillBroker(page, { ...agent, email: 'agent@localhost' }),
  },
] as const;

test.describe('without JavaScript, the answer is in view once the typefaces have come, however late', () => {
  test.use({ javaScriptEnabled: false });
  test.beforeEach(({ stack }) => stack.reset());

  for (const width of [360, 390, 768]) {
    for (const { name, form, fill, success, refuse } of FORMS) {
      test(`${name} at ${width} px: the success, then a field refused`, async ({ page }) => {
        await page.setViewportSize({ width, height: 844 });
        const typefaces = await holdTypefaces(page);
        // Not until `load`, which waits for the typefaces held back.
        await page.goto('/', { waitUntil: 'domcontentloaded' });
        for (const [send, message] of [
          [fill, success],
          [refuse, null],
        ] as const) {
          await send(page);
          typefaces.hold();
          await form(page).getByRole('button').click();
          const status = form(page).getByRole('status');
          if (message) await expect(status).toHaveText(message);
          else await expect(status).toContainText('needs correcting');
          await typefaces.release();
          await typefacesSettled(page);
          await expect(status).toBeInViewport({ ratio: 1 });
        }
      });
    }
  }
});

const without = (headers: IncomingHttpHeaders, ...names: string[]) => Object.fromEntries(Object.entries(headers).filter(([name]) => !names.includes(name)));

/**
 * The site through a stand-in that sends the page in two pieces, the second a moment after the first, cut just
 * after the hero's monogram: what a busy phone meets when its parser stops for breath in the middle of the hero
 * and the browser paints what it has read. Everything else passes through unchanged.
 */
async function pageInTwoPieces(upstream: string) {
  const cuts: { inHero: boolean }[] = [];
  const server: Server = createServer((incoming, outgoing) => {
    // Asked for uncompressed, so that it can be cut; sent on in pieces, so without its length.
    const headers = without(incoming.headers, 'host', 'accept-encoding');
    const onward = ask(new URL(incoming.url!, upstream), { method: incoming.method, headers }, (answer) => {
      const answered = without(answer.headers, 'content-length');
      const isPage = incoming.url === '/' && String(answer.headers['content-type']).startsWith('text/html');
      if (!isPage) {
        outgoing.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(outgoing);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const html = Buffer.concat(chunks).toString();
        const cut = html.indexOf('</svg>', html.indexOf('<header')) + '</svg>'.length;
        cuts.push({ inHero: cut > html.indexOf('<header') && cut < html.indexOf('<h1') });
        outgoing.writeHead(answer.statusCode!, answered);
        outgoing.write(html.slice(0, cut));
        setTimeout(() => outgoing.end(html.slice(cut)), 600);
      });
    });
    incoming.pipe(onward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    /** Whether each page was cut inside the hero, before its title. */
    cuts,
    // The browser's page is still open and may hold a request through the stand-in: closing waited for it, once
    // for the rest of the test's minute after every assertion had passed. Its connections are ended with it.
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

test.describe('with JavaScript, on a slow phone, nothing in the hero moves', () => {
  // The page as the network sends it, each load: no service worker answers it, nor asks for it on its own.
  test.use({ serviceWorkers: 'block' });
  for (const rate of [4, 6]) {
    test(`at ${rate}x CPU, the page arriving in two pieces and the typefaces late, three loads in a row`, async ({ page, baseURL }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      const proxy = await pageInTwoPieces(baseURL!);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      const typefaces = await holdTypefaces(page);
      await page.addInitScript(() => {
        const record = { shifts: [] as string[], firstWords: '' };
        Object.assign(window, { stillness: record });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources: { node?: Node }[] })[]) {
            record.shifts.push(`${entry.value.toFixed(4)} ${entry.sources.map((source) => source.node?.nodeName).join(',')}`);
          }
        }).observe({ type: 'layout-shift', buffered: true });
        // The largest words of the first frame that shows any: the title, when the hero's words come all at once.
        new PerformanceObserver((list, observer) => {
          const [first] = list.getEntries() as (PerformanceEntry & { element: Element | null })[];
          record.firstWords = first?.element?.nodeName ?? '';
          observer.disconnect();
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      try {
        for (let load = 0; load < 3; load++) {
          typefaces.hold();
          await page.goto(proxy.url, { waitUntil: 'domcontentloaded' });
          // The first words painted are known before the page is woken: a browser reports no largest paint after a key.
          await page.waitForFunction(() => (window as unknown as { stillness: { firstWords: string } }).stillness.firstWords !== '');
          await awake(page);
          await typefaces.release();
          await typefacesSettled(page);
          const { shifts, firstWords } = await page.evaluate(() => (window as unknown as { stillness: { shifts: string[]; firstWords: string } }).stillness);
          expect(firstWords).toBe('H1');
          expect(shifts).toEqual([]);
        }
        // The page was cut where the test means it to be: after the monogram, before the title.
        expect(proxy.cuts).toEqual([{ inHero: true }, { inHero: true }, { inHero: true }]);
      } finally {
        await proxy.stop();
      }
    });
  }
});
