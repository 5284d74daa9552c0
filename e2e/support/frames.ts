import type { Page } from '@playwright/test';

// Waiting for the page itself rather than for a stretch of time: what moves on a page moves as it draws a frame.

/** Resolves once the page has drawn two more frames and run the tasks queued meanwhile (observers' callbacks, scroll events). */
export const framesDrawn = (page: Page) =>
  page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve)))));

/** Where an element's top rests in the window: the same on three frames in a row, no scroll or layout still moving it. */
export const restingTop = (page: Page, selector: string) => steady(page, selector);

/** How far the page rests scrolled: the same on three frames in a row, no smooth scroll still under way. */
export const restingScroll = (page: Page) => steady(page, null);

function steady(page: Page, selector: string | null) {
  return page.evaluate(
    (selector) =>
      new Promise<number>((resolve) => {
        const read = () => Math.round(selector === null ? scrollY : document.querySelector(selector)!.getBoundingClientRect().top);
        let last = NaN;
        let same = 0;
        const look = () => {
          const now = read();
          same = now === last ? same + 1 : 0;
          last = now;
          if (same >= 2) resolve(now);
          else requestAnimationFrame(look);
        };
        requestAnimationFrame(look);
      }),
    selector,
  );
}
