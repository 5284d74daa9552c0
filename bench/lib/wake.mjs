// What waking the page costs a phone (scripts/first-paint.mjs): the page loaded at the mobile views' CPU
// slowdown and left to settle, then the visitor's first key; from it to the page hydrated (the slideshow's pause
// button, which only the browser renders), and the main thread's long tasks meanwhile. Lighthouse's load
// never wakes the page, so this is the work its figures leave out.
import { launchPhoneBrowser, longestAndBlocking, onPhone } from './phone.mjs';
import { spreadOfRuns } from './stats.mjs';

const wakeOnce = (browser, url, slowdown) =>
  onPhone(browser, slowdown, async ({ page, longTasks }) => {
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(2000);
    const pause = page.getByRole('button', { name: 'Pause background slideshow' });
    if (await pause.count()) throw new Error('The page woke before any intent: nothing to measure');
    const keyAt = await page.evaluate(() => performance.now());
    await page.keyboard.press('Shift');
    await pause.waitFor({ state: 'attached', timeout: 60_000 });
    const awakeAt = await page.evaluate(() => performance.now());
    await page.waitForTimeout(2000);
    return { toAwakeMs: awakeAt - keyAt, ...longestAndBlocking(await longTasks(keyAt)) };
  });

/**
 * The visitor's first tap into the inquiry form's first field, as soon as the form is brought into view (which wakes
 * the page: scripts/first-paint.mjs): Interaction to Next Paint as Chrome reports it (the longest event of the tap's
 * interaction, from the input to the frame after it), and the longest task from the scroll to three seconds after.
 */
const tapOnce = (browser, url, slowdown) =>
  onPhone(
    browser,
    slowdown,
    async ({ page, longTasks }) => {
      await page.goto(url, { waitUntil: 'networkidle' });
      await page.waitForTimeout(2000);
      const scrolledAt = await page.evaluate(() => {
        document.querySelector('#inquiry-form-full_name').scrollIntoView({ block: 'center' });
        return performance.now();
      });
      await page.locator('#inquiry-form-full_name').tap();
      await page.waitForTimeout(3000);
      const interactions = await page.evaluate(() => Object.values(window.__interactions));
      if (interactions.length === 0) throw new Error('Chrome reported no interaction for the tap');
      return { inpMs: Math.max(...interactions), longestTaskMs: longestAndBlocking(await longTasks(scrolledAt)).longestTaskMs };
    },
    (context) =>
      context.addInitScript(() => {
        window.__interactions = {};
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            if (entry.interactionId) window.__interactions[entry.interactionId] = Math.max(window.__interactions[entry.interactionId] ?? 0, entry.duration);
          }
        }).observe({ type: 'event', durationThreshold: 16, buffered: true });
      }),
  );

export async function measureWake(url, chromePath, slowdown, runs) {
  const browser = await launchPhoneBrowser(chromePath);
  try {
    const all = [];
    const taps = [];
    for (let run = 0; run < runs; run++) {
      all.push(await wakeOnce(browser, url, slowdown));
      taps.push(await tapOnce(browser, url, slowdown));
    }
    return { slowdown, runs, ...spreadOfRuns(all), firstTap: spreadOfRuns(taps) };
  } finally {
    await browser.close();
  }
}
