// What waking the page costs a phone (scripts/first-paint.mjs): the page loaded at the mobile views' CPU
// slowdown and left to settle, then the visitor's first key; from it to the page hydrated (the slideshow's pause
// button, which only the browser renders), and the main thread's long tasks meanwhile. Lighthouse's load
// never wakes the page, so this is the work its figures leave out.
import { chromium } from '@playwright/test';
import { spreadOfRuns } from './stats.mjs';
import { CHROME_FLAGS } from './lighthouse.mjs';

/** The phone both this and the reading (reader.mjs) load the page in. */
export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

/** The Chromium the mobile views run, headed as Playwright launches it. */
export const launchPhoneBrowser = (chromePath) => chromium.launch({ executablePath: chromePath, args: CHROME_FLAGS.filter((flag) => flag !== '--headless=new') });

async function wakeOnce(browser, url, slowdown) {
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    await page.addInitScript(() => {
      window.__longTasks = [];
      new PerformanceObserver((list) => window.__longTasks.push(...list.getEntries().map((entry) => ({ start: entry.startTime, duration: entry.duration })))).observe({ type: 'longtask', buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(2000);
    const pause = page.getByRole('button', { name: 'Pause background slideshow' });
    if (await pause.count()) throw new Error('The page woke before any intent: nothing to measure');
    const keyAt = await page.evaluate(() => performance.now());
    await page.keyboard.press('Shift');
    await pause.waitFor({ state: 'attached', timeout: 60_000 });
    const awakeAt = await page.evaluate(() => performance.now());
    await page.waitForTimeout(2000);
    const tasks = await page.evaluate((from) => window.__longTasks.filter((task) => task.start >= from), keyAt);
    return {
      toAwakeMs: awakeAt - keyAt,
      longestTaskMs: Math.max(0, ...tasks.map((task) => task.duration)),
      blockingMs: tasks.reduce((total, task) => total + Math.max(0, task.duration - 50), 0),
    };
  } finally {
    await context.close();
  }
}

/**
 * The visitor's first tap into the inquiry form's first field, as soon as the form is brought into view (which wakes
 * the page: scripts/first-paint.mjs): Interaction to Next Paint as Chrome reports it (the longest event of the tap's
 * interaction, from the input to the frame after it), and the longest task from the scroll to a second after.
 */
async function tapOnce(browser, url, slowdown) {
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    await page.addInitScript(() => {
      window.__longTasks = [];
      window.__interactions = {};
      new PerformanceObserver((list) => window.__longTasks.push(...list.getEntries().map((entry) => ({ start: entry.startTime, duration: entry.duration })))).observe({ type: 'longtask', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          if (entry.interactionId) window.__interactions[entry.interactionId] = Math.max(window.__interactions[entry.interactionId] ?? 0, entry.duration);
        }
      }).observe({ type: 'event', durationThreshold: 16, buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(2000);
    const field = page.locator('#inquiry-form-full_name');
    const scrolledAt = await page.evaluate(() => {
      document.querySelector('#inquiry-form-full_name').scrollIntoView({ block: 'center' });
      return performance.now();
    });
    await field.tap();
    await page.waitForTimeout(3000);
    const { interactions, tasks } = await page.evaluate((from) => ({ interactions: Object.values(window.__interactions), tasks: window.__longTasks.filter((task) => task.start >= from) }), scrolledAt);
    if (interactions.length === 0) throw new Error('Chrome reported no interaction for the tap');
    return { inpMs: Math.max(...interactions), longestTaskMs: Math.max(0, ...tasks.map((task) => task.duration)) };
  } finally {
    await context.close();
  }
}

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
