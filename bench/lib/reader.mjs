// What keeping the page for a visit with no signal costs a visitor who only reads (scripts/first-paint.mjs): the page
// loaded at the mobile views' CPU slowdown and read, with no tap, key or scroll, for READING_MS; the main thread's work
// meanwhile, with the page kept (the worker registered once the page has loaded, its scripts fetched ahead and the
// browser idle) and without (its module blocked: the page as it was before, kept only when woken). Lighthouse's trace
// ends before the registration, so its figures cannot show this. Runs alternate, each in a new context: no worker
// and no cache carried over.
import { KEEP_SCRIPT } from '../../lib/offline/keep-for-offline.mjs';
import { spreadOfRuns } from './stats.mjs';
import { launchPhoneBrowser, longestAndBlocking, onPhone } from './phone.mjs';

/** How long the visitor reads: the load, the fetches ahead and the worker's install all end well within it at 4x. */
const READING_MS = 12_000;

const readOnce = (browser, url, slowdown, kept) =>
  onPhone(
    browser,
    slowdown,
    async ({ page, cdp, longTasks }) => {
      await cdp.send('Performance.enable');
      await page.goto(url, { waitUntil: 'load' });
      await page.waitForFunction((until) => performance.now() >= until, READING_MS, { polling: 500, timeout: READING_MS * 3 });
      const { metrics } = await cdp.send('Performance.getMetrics');
      const metric = (name) => (metrics.find((entry) => entry.name === name)?.value ?? NaN) * 1000;
      const state = await page.evaluate(async () => ({
        kept: (await caches.keys()).some((name) => name.startsWith('page-')),
        woken: document.querySelector('head script[src]') !== null,
      }));
      if (state.woken) throw new Error('The page woke while it was only read: nothing to measure');
      if (state.kept !== kept) throw new Error(kept ? `The page was not kept within ${READING_MS} ms of reading` : 'The page was kept with its module blocked');
      return { mainThreadMs: metric('TaskDuration'), scriptMs: metric('ScriptDuration'), ...longestAndBlocking(await longTasks()) };
    },
    // Both ways go through the same interception, so that only the answer differs.
    (context) => context.route(`**${KEEP_SCRIPT}`, (route) => (kept ? route.continue() : route.abort())),
  );

/**
 * @param {string} url the home page
 * @param {string} chromePath
 * @param {number} slowdown the mobile views' CPU slowdown
 * @param {number} runs of each way
 */
export async function measureReading(url, chromePath, slowdown, runs) {
  const browser = await launchPhoneBrowser(chromePath);
  try {
    const kept = [];
    const notKept = [];
    for (let run = 0; run < runs; run++) {
      kept.push(await readOnce(browser, url, slowdown, true));
      notKept.push(await readOnce(browser, url, slowdown, false));
    }
    return { slowdown, runs, readingMs: READING_MS, kept: spreadOfRuns(kept), notKept: spreadOfRuns(notKept) };
  } finally {
    await browser.close();
  }
}
