// The phone the bench's own Chromium measurements load the page in (the wake, the first tap, the reading): 390 x 844
// px at 3x density, touch, the CPU slowed as the mobile views slow it, the main thread's long tasks recorded from
// before the first byte.
import { chromium } from '@playwright/test';
import { CHROME_FLAGS } from './lighthouse.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

/** The Chromium the mobile views run, headed as Playwright launches it. */
export const launchPhoneBrowser = (chromePath) => chromium.launch({ executablePath: chromePath, args: CHROME_FLAGS.filter((flag) => flag !== '--headless=new') });

/** The longest of these tasks, and the blocking time they add up to (each one's time over 50 ms). */
export const longestAndBlocking = (tasks) => ({
  longestTaskMs: Math.max(0, ...tasks.map((task) => task.duration)),
  blockingMs: tasks.reduce((total, task) => total + Math.max(0, task.duration - 50), 0),
});

/**
 * Runs `measure` on a page of a new context on the phone, at this CPU slowdown, and closes the context after. It is
 * handed the page, its DevTools session, and `longTasks(from)`: the long tasks that started at or after `from`
 * (the page's own clock). `prepare` runs on the context first (routes, init scripts).
 *
 * @template T
 * @param {import('@playwright/test').Browser} browser
 * @param {number} slowdown
 * @param {(phone: { page: import('@playwright/test').Page, cdp: import('@playwright/test').CDPSession, longTasks: (from?: number) => Promise<{ start: number, duration: number }[]> }) => Promise<T>} measure
 * @param {(context: import('@playwright/test').BrowserContext) => Promise<void>} [prepare]
 * @returns {Promise<T>}
 */
export async function onPhone(browser, slowdown, measure, prepare) {
  const context = await browser.newContext(PHONE);
  try {
    await prepare?.(context);
    const page = await context.newPage();
    await page.addInitScript(() => {
      window.__longTasks = [];
      new PerformanceObserver((list) => window.__longTasks.push(...list.getEntries().map((entry) => ({ start: entry.startTime, duration: entry.duration })))).observe({ type: 'longtask', buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    const longTasks = (from = 0) => page.evaluate((since) => window.__longTasks.filter((task) => task.start >= since), from);
    return await measure({ page, cdp, longTasks });
  } finally {
    await context.close();
  }
}
