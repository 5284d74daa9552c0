import type { Page, Route } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { agent, brokerForm, fillBroker, fillInquiry, inquiryForm, prospect } from './support/forms';
import { spec } from './support/spec-copy';

/**
 * Without JavaScript the page returned after a post is scrolled to its answer; the typefaces are held back by
 * a routed response until the answer is on the page, then let through, and the answer must still be in view
 * once they have been set. Nothing here measures time; each test says where things are once all has arrived.
 */

/**
 * Holds every typeface's response while `holding`, until `release()`. Routing also turns the browser's cache
 * off, so each document asks for the typefaces afresh.
 */
async function holdTypefaces(page: Page) {
  const held: Route[] = [];
  let holding = true;
  await page.route('**/*.woff2', (route) => (holding ? void held.push(route) : route.continue()));
  return {
    hold: () => void (holding = true),
    release: async () => {
      holding = false;
      // A document left behind has cancelled its requests: continuing them fails, and nothing waits for them.
      await Promise.all(held.splice(0).map((route) => route.continue().catch(() => undefined)));
    },
  };
}

/** Every face the document knows has loaded, or failed: nothing is left to arrive. */
const typefacesSettled = (page: Page) =>
  expect.poll(() => page.evaluate(() => [...document.fonts].filter((face) => face.status === 'loading' || face.status === 'unloaded').length)).toBe(0);

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
