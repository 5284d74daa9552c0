import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import type { BrowserContext, Page } from '@playwright/test';
import { formStatus, postFormWithoutScript } from '@/__tests__/support/no-js-form.mjs';
import { expect, test } from './support/fixtures';
import { agent, awake, brokerForm, expectInquiryValues, inquiryForm, ONE_FIELD_HINT, prospect, sendBroker, sendInquiry } from './support/forms';
import { spec } from './support/spec-copy';
import { OUTBOX_WAITING_MARK } from '@/lib/wake-marks.mjs';

// Inquiries through a lost signal, on the production build with its real service worker (worker/service-worker.ts):
// saved on the phone, sent when the connection returns, stored once. Offline is Chromium's own network emulation.

/** What each form says while its submission waits on the phone (lib/content.ts), written out as spec-copy does. */
const SAVED = {
  inquiry: 'No connection right now. Your inquiry is saved on this device and will be sent as soon as the connection returns.',
  broker: 'No connection right now. Your request is saved on this device and will be sent as soon as the connection returns.',
};

/** The service worker as the build wrote it, served by the standalone server from its public folder. */
const WORKER_FILE = '.next/standalone/public/sw.js';
const builtWorker = readFileSync(WORKER_FILE, 'utf8');

/**
 * How long an answer may take to come once the signal is back: the browser's word that it is online, the outbox
 * read from IndexedDB under its lock, a post to a server that may be cold (or a worker that must start first).
 */
const SENDING = { timeout: 15_000 };


/** The page is in the hands of the site's service worker, its page, files and photograph kept. */
async function controlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expect.poll(() => keptAddresses(page).then((kept) => kept.photographs?.length ?? 0)).toBeGreaterThan(0);
}

/** The home page opened, woken, and under its worker's control with the page's files kept. */
async function openedAndKept(page: Page) {
  await page.goto('/');
  await awake(page);
  await controlled(page);
}

/** What each of the page's caches holds, by cache, as paths with their queries. */
const keptAddresses = (page: Page) =>
  page.evaluate(async () => {
    const kept: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      kept[name.startsWith('page-') ? 'page' : name.startsWith('serwist-precache') ? 'precache' : name] = (await (await caches.open(name)).keys()).map(
        (request) => `${request.method} ${new URL(request.url).pathname}${new URL(request.url).search}`,
      );
    }
    return kept;
  });

/** How many submissions the phone still keeps. */
const keptOnPhone = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('aldercrest-outbox');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const database = open.result;
          if (!database.objectStoreNames.contains('submissions')) return resolve(0);
          const count = database.transaction('submissions').objectStore('submissions').count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => reject(count.error);
        };
      }),
  );

async function saveOffline(page: Page, context: BrowserContext) {
  await context.setOffline(true);
  await sendInquiry(page);
  await expect(inquiryForm(page).getByRole('status')).toHaveText(SAVED.inquiry);
  await expectInquiryValues(page, prospect);
  expect(await keptOnPhone(page)).toBe(1);
}

test.describe('with the service worker', () => {
  test('offline, the inquiry is saved on the phone and says so until it is sent; back online with the page open, one row and the success message', async ({ page, context, rows }) => {
    await page.clock.install();
    await page.goto('/');
    await awake(page);
    await saveOffline(page, context);
    // Not an answer: it does not go back to idle after five seconds as success and error do.
    await page.clock.runFor(10_000);
    await expect(inquiryForm(page).getByRole('status')).toHaveText(SAVED.inquiry);
    expect(await rows('prospect_inquiries')).toHaveLength(0);

    await context.setOffline(false);
    await expect(inquiryForm(page).getByRole('status')).toHaveText(spec.inquiry.success, SENDING);
    await expect.poll(() => rows('prospect_inquiries').then((stored) => stored.length)).toBe(1);
    const [row] = await rows('prospect_inquiries');
    expect(row).toMatchObject({ full_name: prospect.full_name, email: prospect.email, phone: prospect.phone });
    expect(await keptOnPhone(page)).toBe(0);
  });

  test('the broker form too', async ({ page, context, rows }) => {
    await page.goto('/');
    await awake(page);
    await context.setOffline(true);
    await sendBroker(page);
    await expect(brokerForm(page).getByRole('status')).toHaveText(SAVED.broker);
    await context.setOffline(false);
    await expect(brokerForm(page).getByRole('status')).toHaveText(spec.broker.success, SENDING);
    const stored = await rows('broker_requests');
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ full_name: agent.full_name, brokerage: agent.brokerage });
  });

  test('a reload with no signal keeps it: the page from the worker shows it saved, with its values, and sends it when the signal returns', async ({ page, context, rows }) => {
    await openedAndKept(page);
    await saveOffline(page, context);
    await page.reload();
    await awake(page);
    await expect(inquiryForm(page).getByRole('status')).toHaveText(SAVED.inquiry);
    await expectInquiryValues(page, prospect);
    await context.setOffline(false);
    await expect(inquiryForm(page).getByRole('status')).toHaveText(spec.inquiry.success, SENDING);
    expect(await rows('prospect_inquiries')).toHaveLength(1);
  });

  test('the page opens with no signal once visited: its words, faces, photograph and scripts; a submission there is saved', async ({ page, context }) => {
    await openedAndKept(page);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(spec.name);
    await awake(page);
    await expect.poll(() => page.evaluate(() => document.querySelector<HTMLImageElement>('header img')!.naturalWidth)).toBeGreaterThan(0);
    const faces = await page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts].filter((face) => face.status === 'loaded').map((face) => face.family);
    });
    expect(faces).toEqual(expect.arrayContaining(['displayFont', 'textFont']));
    await sendInquiry(page);
    await expect(inquiryForm(page).getByRole('status')).toHaveText(SAVED.inquiry);
  });

  test('a visitor who only reads, with no tap, key or form near, has the page kept all the same once its scripts are fetched ahead and it has loaded: offline it opens, photograph and all, the page never woken', async ({ page, context }) => {
    // What the page was when it asked for the worker: loaded, every script fetched ahead, its own scripts not run.
    await page.addInitScript(() => {
      const register = ServiceWorkerContainer.prototype.register;
      ServiceWorkerContainer.prototype.register = function (...args: Parameters<typeof register>) {
        const fetched = new Set(performance.getEntriesByType('resource').map((entry) => entry.name));
        const hints = [...document.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')];
        Object.assign(window, {
          registeredAs: { loaded: document.readyState === 'complete', fetchedAhead: hints.length > 0 && hints.every((hint) => fetched.has(hint.href)), woken: document.querySelector('head script[src]') !== null },
        });
        return register.apply(this, args);
      };
    });
    await page.goto('/');
    await controlled(page);
    expect(await page.evaluate(() => (window as unknown as { registeredAs: unknown }).registeredAs)).toEqual({ loaded: true, fetchedAhead: true, woken: false });
    await expect(page.locator('head script[src]')).toHaveCount(0);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(spec.name);
    await expect.poll(() => page.evaluate(() => document.querySelector<HTMLImageElement>('header img')!.naturalWidth)).toBeGreaterThan(0);
  });

  test('nothing but the home page and its files is kept: no post, no sign-in page, no team page; offline they are not there', async ({ page, context, rows }) => {
    await openedAndKept(page);
    await sendInquiry(page);
    await expect(inquiryForm(page).getByRole('status')).toHaveText(spec.inquiry.success, SENDING);
    expect(await rows('prospect_inquiries')).toHaveLength(1);
    for (const address of ['/admin', '/sign-in', '/account', '/privacy']) await page.goto(address);
    await page.goto('/');
    await controlled(page);

    const kept = await keptAddresses(page);
    expect(Object.keys(kept).sort()).toEqual(['page', 'photographs', 'precache']);
    expect(kept.page).toEqual(['GET /']);
    expect(kept.photographs!.every((entry) => entry.startsWith('GET /_next/image?'))).toBe(true);
    expect(kept.precache!.every((entry) => /^GET \/_next\/static\/(chunks|media)\/[^/]+\.(js|css|woff2)$/.test(entry))).toBe(true);

    await context.setOffline(true);
    for (const address of ['/admin', '/sign-in', '/account']) {
      await expect(page.goto(address)).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
    }
  });

  test('Background Sync sends it with no page of the site open (fired through the DevTools protocol): one row', async ({ page, context, rows }) => {
    await openedAndKept(page);
    await saveOffline(page, context);
    await page.close();
    expect(await rows('prospect_inquiries')).toHaveLength(0);
    await context.setOffline(false);

    // A blank tab, not the site's, to reach the worker through the protocol.
    const blank = await context.newPage();
    const cdp = await context.newCDPSession(blank);
    const registration = new Promise<{ registrationId: string; scopeURL: string }>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const live = registrations.find((entry) => !entry.isDeleted);
        if (live) resolve(live);
      }),
    );
    await cdp.send('ServiceWorker.enable');
    const { registrationId, scopeURL } = await registration;
    await cdp.send('ServiceWorker.dispatchSyncEvent', { origin: new URL(scopeURL).origin, registrationId, tag: 'lead-outbox', lastChance: false });
    await expect.poll(() => rows('prospect_inquiries').then((stored) => stored.length)).toBe(1);

    // The site opened again: nothing left on the phone, nothing sent twice.
    const again = await context.newPage();
    await again.goto('/');
    await awake(again);
    await expect.poll(() => keptOnPhone(again)).toBe(0);
    expect(await rows('prospect_inquiries')).toHaveLength(1);
  });

  test.afterEach(() => writeFileSync(WORKER_FILE, builtWorker));

  test('a deploy between saving and sending: a new worker takes over, the old build’s actions are gone, and the inquiry still arrives once', async ({ page, context, rows }) => {
    await openedAndKept(page);
    await saveOffline(page, context);
    await page.close();

    // The new build: its worker differs from the old one (written into the build the server serves, as a deploy
    // would, since the browser fetches a worker's script where no route can reach), and no action id of the old
    // build is known to it.
    const sentTo: string[] = [];
    const nextBuild = "self.addEventListener('message', (event) => event.data === 'which build?' && event.source.postMessage('the next build'));";
    appendFileSync(WORKER_FILE, `\n${nextBuild}`);
    context.on('request', (request) => request.method() === 'POST' && sentTo.push(`${new URL(request.url()).pathname} ${request.headers()['next-action'] ? 'action' : 'no action'}`));
    await context.route('**/*', (route) => (route.request().headers()['next-action'] ? route.fulfill({ status: 404, body: 'Not Found' }) : route.fallback()));
    await context.setOffline(false);

    const reopened = await context.newPage();
    await reopened.goto('/');
    await awake(reopened);
    await expect.poll(() => rows('prospect_inquiries').then((stored) => stored.length)).toBe(1);
    // The page is in the new worker's hands: the browser checks for it as the page opens, then installs and starts
    // it (1.5 to 3 s here with a core kept busy), which a loaded host may take longer over.
    await expect
      .poll(() =>
        reopened.evaluate(
          () =>
            new Promise<string>((resolve) => {
              navigator.serviceWorker.addEventListener('message', (event) => resolve(String(event.data)), { once: true });
              navigator.serviceWorker.controller?.postMessage('which build?');
              setTimeout(() => resolve('no answer'), 500);
            }),
        ),
        SENDING,
      )
      .toBe('the next build');
    expect(sentTo).toContain('/api/leads/inquiry no action');
    expect(sentTo.filter((sent) => !sent.endsWith(' no action'))).toEqual([]);
    expect(await keptOnPhone(reopened)).toBe(0);
  });
});

test.describe('the page alone, without its worker', () => {
  test.use({ serviceWorkers: 'block' });

  test('the connection cut after the server received the post: saved, sent again when the signal returns, one row', async ({ page, context, rows }) => {
    await page.goto('/');
    await awake(page);
    let received = 0;
    // The post reaches the server, which stores it; its answer never reaches the phone.
    await page.route('/', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      received += 1;
      await route.fetch();
      await route.abort('connectionreset');
    });
    await sendInquiry(page);
    await expect(inquiryForm(page).getByRole('status')).toHaveText(SAVED.inquiry);
    expect(received).toBe(1);
    expect(await rows('prospect_inquiries')).toHaveLength(1);

    await context.setOffline(true);
    await context.setOffline(false);
    await expect(inquiryForm(page).getByRole('status')).toHaveText(spec.inquiry.success, SENDING);
    expect(await rows('prospect_inquiries')).toHaveLength(1);
  });

  test('offline submit, the page closed, the site opened again online: sent, one row', async ({ page, context, rows }) => {
    await page.goto('/');
    await awake(page);
    await saveOffline(page, context);
    expect(await page.evaluate((mark) => localStorage.getItem(mark), OUTBOX_WAITING_MARK)).toBe('1');
    await page.close();
    await context.setOffline(false);
    // The next page opened wakes at once, without waiting for the visitor's intent, to send it.
    const reopened = await context.newPage();
    await reopened.goto('/');
    await expect(inquiryForm(reopened).getByRole('status')).toHaveText(spec.inquiry.success, SENDING);
    expect(await rows('prospect_inquiries')).toHaveLength(1);
    expect(await keptOnPhone(reopened)).toBe(0);
    expect(await reopened.evaluate((mark) => localStorage.getItem(mark), OUTBOX_WAITING_MARK)).toBeNull();
  });

  test('refused on its return: the form’s usual answer, the values back in their fields, nothing stored', async ({ page, context, rows }) => {
    await page.goto('/');
    await awake(page);
    await context.setOffline(true);
    const refused = { ...prospect, email: 'eleanor@localhost' };
    await sendInquiry(page, refused);
    await expect(inquiryForm(page).getByRole('status')).toHaveText(SAVED.inquiry);
    await context.setOffline(false);
    await expect(inquiryForm(page).getByRole('status')).toHaveText(`${spec.inquiry.error} ${ONE_FIELD_HINT}`, SENDING);
    await expectInquiryValues(page, refused);
    await expect(inquiryForm(page).getByRole('textbox', { name: 'Email Address' })).toHaveAttribute('aria-invalid', 'true');
    expect(await rows('prospect_inquiries')).toHaveLength(0);
    expect(await keptOnPhone(page)).toBe(0);
  });

  test.describe('over the global cap when it returns', () => {
    test.use({ serverKind: 'capped' });

    test('a proof of work asked: the form proves its way through unseen, then the success message, one row', async ({ browser, rows, server }) => {
      const context = await browser.newContext({ baseURL: server.url, serviceWorkers: 'block', extraHTTPHeaders: { 'x-real-ip': '192.0.2.7' } });
      const page = await context.newPage();
      await page.goto('/');
      await awake(page);
      await saveOffline(page, context);
      // Meanwhile someone else fills the cap.
      const first = await postFormWithoutScript(`${server.url}/`, 'inquiry-form', { ...prospect, email: 'first@example.com' }, { headers: { 'x-real-ip': '192.0.2.1' } });
      expect(formStatus(first.html, 'inquiry-form').message).toBe(spec.inquiry.success);

      await context.setOffline(false);
      await expect(inquiryForm(page).getByRole('status')).toHaveText(spec.inquiry.success, SENDING);
      expect((await rows('prospect_inquiries')).map((row) => row.email).sort()).toEqual([prospect.email, 'first@example.com'].sort());
      expect(server.output()).toContain('"outcome":"challenge"');
      await context.close();
    });
  });
});
