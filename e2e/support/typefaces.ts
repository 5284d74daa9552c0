import type { Page, Route } from '@playwright/test';
import { expect } from '@playwright/test';
import { TYPEFACES } from '@/scripts/first-paint.mjs';

/** The load status of each face of the page's typefaces (styles/fonts.ts), as the browser lists them. */
export const typefaceStatuses = (page: Page) =>
  page.evaluate((families) => [...document.fonts].filter((face) => families.includes(face.family.replace(/["']/g, ''))).map((face) => face.status), TYPEFACES);

/**
 * Holds every typeface's response while `holding`, until `release()`; `held()` counts those waiting. Routing also
 * turns the browser's cache off, so each document asks for the typefaces afresh.
 */
export async function holdTypefaces(page: Page) {
  const held: Route[] = [];
  let holding = true;
  await page.route('**/*.woff2', (route) => (holding ? void held.push(route) : route.continue()));
  return {
    hold: () => void (holding = true),
    held: () => held.length,
    release: async () => {
      holding = false;
      // A document left behind has cancelled its requests: continuing them fails, and nothing waits for them.
      await Promise.all(held.splice(0).map((route) => route.continue().catch(() => undefined)));
    },
  };
}

/**
 * Waits until the parts below the hero are in: they are set aside (`data-parts`, out of layout and of the
 * accessibility tree) until the typefaces come or three seconds after the first paint, which on a slow host is after
 * `goto` has returned. A test of the whole page reads it only then, or it would pass having read the hero alone.
 */
export const partsIn = (page: Page) => expect(page.locator('html[data-parts]')).toHaveCount(0, { timeout: 10_000 });
