import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { boundaryContrast } from './support/contrast';
import { expect, test } from './support/fixtures';
import { agent, awake, brokerForm, expectInquiryValues, fillInquiry, inquiryForm, ONE_FIELD_HINT, prospect, sendBroker, sendInquiry } from './support/forms';
import { spec } from './support/spec-copy';
import { partsIn } from './support/typefaces';

const PHONE = { width: 390, height: 844 };
/** The server refuses this address (no dot in its domain) though the browser's email check lets it through. */
const LOCAL_ADDRESS = 'eleanor@localhost';
const PAUSE = 'Pause background slideshow';

test.describe('the answer to a submission', () => {
  // Every test here sends forms: each starts with the submission log empty, under the per-client limit.
  test.beforeEach(({ stack }) => stack.reset());
  test.describe('without JavaScript, on a phone', () => {
    test.use({ javaScriptEnabled: false, viewport: PHONE });

    test('an inquiry: the page returned is scrolled to the success message', async ({ page }) => {
      await page.goto('/');
      await sendInquiry(page);
      const status = inquiryForm(page).getByRole('status');
      await expect(status).toHaveText(spec.inquiry.success);
      await expect(status).toBeInViewport({ ratio: 1 });
      expect(new URL(page.url()).hash).toBe('#inquiry-form-status');
    });

    test('an inquiry refused: the error is in view, with the field hint, and every value is kept', async ({ page }) => {
      await page.goto('/');
      await sendInquiry(page, { ...prospect, email: LOCAL_ADDRESS });
      const status = inquiryForm(page).getByRole('status');
      await expect(status).toHaveText(`${spec.inquiry.error} ${ONE_FIELD_HINT}`);
      await expect(status).toBeInViewport({ ratio: 1 });
      await expectInquiryValues(page, { ...prospect, email: LOCAL_ADDRESS });
    });

    test('a broker request, stored and then with the store down: each answer is in view, values kept on error', async ({ page, stack }) => {
      await page.goto('/');
      await sendBroker(page);
      const status = brokerForm(page).getByRole('status');
      await expect(status).toHaveText(spec.broker.success);
      await expect(status).toBeInViewport({ ratio: 1 });
      expect(new URL(page.url()).hash).toBe('#broker-form-status');

      await stack.stopPostgrest();
      await sendBroker(page);
      await expect(status).toHaveText(spec.broker.error);
      await expect(status).toBeInViewport({ ratio: 1 });
      await expect(brokerForm(page).getByRole('textbox', { name: 'License Number' })).toHaveValue(agent.license_number);
    });
  });

  test.describe('with JavaScript, on a phone', () => {
    test.use({ viewport: PHONE });

    test('Enter in a field sends the inquiry; the success message comes into view and focus is on the button', async ({ page }) => {
      // Once the page has woken, so that this is the scripts' way (the next test takes the other): the answer comes
      // without the page being posted and drawn again.
      const posted: string[] = [];
      page.on('request', (request) => void (request.isNavigationRequest() && request.method() === 'POST' && posted.push(request.url())));
      // On a phone's slower processor, where parts of the page settle their size while the scroll to the answer runs.
      await (await page.context().newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto('/');
      await awake(page);
      await fillInquiry(page);
      await inquiryForm(page).getByRole('textbox', { name: 'Phone' }).press('Enter');
      const status = inquiryForm(page).getByRole('status');
      await expect(status).toHaveText(spec.inquiry.success);
      await expect(inquiryForm(page).getByRole('button', { name: spec.inquiry.button })).toBeFocused();
      await expect(status).toBeInViewport({ ratio: 1 });
      expect(posted).toEqual([]);
    });

    test('sent before the scripts have run, the inquiry comes back at its answer at once, never gliding past it', async ({ browser, baseURL }) => {
      // The first page's scripts never come, so Enter posts the form as a page without JavaScript would; the
      // page returned has its scripts. Every place the page is scrolled to on the way is written down. No service
      // worker: registered once the page has loaded, it would answer for the scripts the test keeps from coming.
      const context = await browser.newContext({ baseURL, viewport: PHONE, serviceWorkers: 'block' });
      const page = await context.newPage();
      let returned = false;
      await page.route('**/_next/static/chunks/**', (route) => (returned ? route.continue() : route.abort()));
      page.on('request', (request) => void (returned ||= request.method() === 'POST'));
      await page.addInitScript(() => {
        const places: [number, number, number][] = [];
        Object.assign(window, { places });
        addEventListener('scroll', () => {
          const { top, bottom } = document.getElementById('inquiry-form-status')!.getBoundingClientRect();
          places.push([scrollY, top, bottom]);
        });
      });
      await page.goto('/');
      await fillInquiry(page);
      await inquiryForm(page).getByRole('textbox', { name: 'Phone' }).press('Enter');
      await expect(page).toHaveURL(/#inquiry-form-status$/);
      const status = inquiryForm(page).getByRole('status');
      await expect(status).toHaveText(spec.inquiry.success);
      await expect(inquiryForm(page).getByRole('button', { name: spec.inquiry.button })).toBeFocused();
      await expect(status).toBeInViewport({ ratio: 1 });
      const places = await page.evaluate(() => (window as unknown as { places: [number, number, number][] }).places);
      expect(places.length).toBeGreaterThan(0);
      expect(places.filter(([, top, bottom]) => top < 0 || bottom > PHONE.height)).toEqual([]);
      await context.close();
    });

    test('after a click, whose disabled button dropped focus, a broker request answered moves focus back to the button', async ({ page }) => {
      await page.goto('/');
      await sendBroker(page);
      const status = brokerForm(page).getByRole('status');
      await expect(status).toHaveText(spec.broker.success);
      await expect(brokerForm(page).getByRole('button', { name: spec.broker.button })).toBeFocused();
      await expect(status).toBeInViewport({ ratio: 1 });
    });

    test('a refused field takes focus, and the message says a field is at fault after the specification\'s words', async ({ page }) => {
      await page.goto('/');
      await sendInquiry(page, { ...prospect, email: LOCAL_ADDRESS });
      const status = inquiryForm(page).getByRole('status');
      await expect(status).toHaveText(`${spec.inquiry.error} ${ONE_FIELD_HINT}`);
      const email = inquiryForm(page).getByRole('textbox', { name: 'Email Address' });
      await expect(email).toBeFocused();
      await expect(email).toBeInViewport({ ratio: 1 });
      await expect(status).toBeInViewport({ ratio: 1 });
    });
  });

  test('the message is a polite status, read whole, and stays its full five seconds after focus moves', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await fillInquiry(page);
    // Time stands still from here on but for what the test runs, so that five seconds are exactly five.
    await page.clock.pauseAt(Date.now() + 1000);
    await inquiryForm(page).getByRole('button').click();
    const status = inquiryForm(page).getByRole('status');
    await expect(status).toHaveText(spec.inquiry.success);
    await expect(status).toHaveAttribute('aria-live', 'polite');
    await expect(status).toHaveAttribute('aria-atomic', 'true');
    await expect(inquiryForm(page).getByRole('button')).toBeFocused();
    await page.clock.runFor(4_900);
    await expect(status).toHaveText(spec.inquiry.success);
    await page.clock.runFor(100);
    await expect(status).toHaveText('');
  });
});

test('each form is named by its heading', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('form', { name: spec.headings[3] })).toHaveAttribute('id', 'inquiry-form');
  await expect(page.getByRole('form', { name: spec.headings[4] })).toHaveAttribute('id', 'broker-form');
});

test.describe('field outlines', () => {
  for (const width of [390, 1440]) {
    test(`form field outlines reach 3:1 against their surroundings at ${width} px: the inquiry form over every slide, the broker form`, async ({ page }) => {
      await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
      await page.clock.install();
      await page.goto('/');
      await awake(page);
      const below = (results: Awaited<ReturnType<typeof boundaryContrast>>) => results.filter((result) => result.ratio < 3);
      const fields = (form: Locator) => form.locator('input:not([type="hidden"]), textarea');

      await page.locator('#inquire').scrollIntoViewIfNeeded();
      for (let slide = 0; slide < spec.slides; slide++) {
        await page.evaluate(async () => Promise.all([...document.querySelectorAll('#inquire img')].map((image) => (image as HTMLImageElement).decode().catch(() => undefined))));
        const measured = await boundaryContrast(page, fields(inquiryForm(page)));
        expect(measured).toHaveLength(4);
        expect(below(measured), `slide ${slide + 1}`).toEqual([]);
        await page.clock.runFor(5000);
      }
      const broker = await boundaryContrast(page, fields(brokerForm(page)));
      expect(broker).toHaveLength(6);
      expect(below(broker)).toEqual([]);
    });
  }
});

test.describe('the slideshow behind the inquiry form', () => {
  for (const width of [390, 1440]) {
    test(`the slideshow's pause button keeps one name, says paused by aria-pressed, and comes after the form in the tab order as on screen at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      await awake(page);
      const pause = page.getByRole('button', { name: PAUSE });
      await expect(pause).toHaveAttribute('aria-pressed', 'false');
      await pause.click();
      await expect(page.getByRole('button', { name: PAUSE, pressed: true })).toBeVisible();
      await expect(page.getByRole('button', { name: /play/i })).toHaveCount(0);

      const submit = inquiryForm(page).getByRole('button');
      await submit.focus();
      await page.keyboard.press('Tab');
      await expect(pause).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(brokerForm(page).getByRole('textbox', { name: 'Full Name' })).toBeFocused();

      const [pauseBox, submitBox] = [await pause.boundingBox(), await submit.boundingBox()];
      expect(pauseBox!.y).toBeGreaterThan(submitBox!.y + submitBox!.height);
    });
  }

  test.describe('with reduced motion', () => {
    test.use({ reducedMotion: 'reduce' });

    test('the slideshow stays on its first photograph, loads no other, and offers no pause button', async ({ page }) => {
      await page.clock.install();
      await page.goto('/');
      await awake(page);
      await page.clock.runFor(30_000);
      const slides = page.locator('#inquire [data-active]');
      await expect(slides.nth(0)).toHaveAttribute('data-active', 'true');
      await expect(page.locator('#inquire [data-active="true"]')).toHaveCount(1);
      await expect(page.locator('#inquire [data-active] img')).toHaveCount(1);
      await expect(page.getByRole('button', { name: PAUSE })).toHaveCount(0);
    });
  });
});

test('the scroll cue drifts for less than five seconds, once the load is over, then rests', async ({ page }) => {
  await page.goto('/');
  const timings = await page
    .getByRole('link', { name: spec.scrollLabel })
    .locator('svg')
    .evaluate((svg) => svg.getAnimations().map((animation) => animation.effect!.getComputedTiming()));
  expect(timings).toHaveLength(1);
  expect(Number.isFinite(timings[0]!.iterations)).toBe(true);
  expect(timings[0]!.activeDuration).toBeLessThanOrEqual(5000);
  expect(timings[0]!.delay).toBeGreaterThanOrEqual(3000);
});

/** How far apart the darkest and lightest of an element's pixels are, as a contrast ratio: a mark that vanishes scores 1. */
async function inkAgainstGround(element: Locator): Promise<number> {
  const { data, info } = await sharp(await element.screenshot({ animations: 'disabled' }))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const linear = (channel: number) => (channel / 255 <= 0.03928 ? channel / 255 / 12.92 : ((channel / 255 + 0.055) / 1.055) ** 2.4);
  const luminances: number[] = [];
  for (let offset = 0; offset < data.length; offset += info.channels) {
    luminances.push(0.2126 * linear(data[offset]!) + 0.7152 * linear(data[offset + 1]!) + 0.0722 * linear(data[offset + 2]!));
  }
  luminances.sort((a, b) => a - b);
  const [darkest, lightest] = [luminances[Math.floor(luminances.length * 0.01)]!, luminances[Math.floor(luminances.length * 0.99)]!];
  return Math.round(((lightest + 0.05) / (darkest + 0.05)) * 100) / 100;
}

test.describe('in forced colours', () => {
  test.use({ forcedColors: 'active' });

  test('the footer\'s monogram and wordmark stand out from the canvas', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    const wordmark = footer.getByRole('img', { name: spec.name });
    await wordmark.scrollIntoViewIfNeeded();
    await expect.poll(() => wordmark.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    expect(await inkAgainstGround(wordmark)).toBeGreaterThanOrEqual(3);
    expect(await inkAgainstGround(footer.locator('svg').first())).toBeGreaterThanOrEqual(3);
  });
});

/** The printable area of the smaller of A4 and US Letter, with the print stylesheet's 14 mm margins, in CSS pixels. */
const PRINTED_PAGE = { width: 688, height: 950 };

async function bottomOnPage(page: Page, element: Locator) {
  return element.evaluate((node) => node.getBoundingClientRect().bottom + window.scrollY);
}

/** Paper, once the rules for it are in: the page asks for them with its first paint (scripts/first-paint.mjs). */
async function printed(page: Page) {
  await page.waitForFunction(() => [...document.querySelectorAll<HTMLLinkElement>('link[media="print"]')].every((link) => !link.disabled && link.sheet));
  await page.emulateMedia({ media: 'print' });
}

test.describe('printed', () => {
  test.use({ viewport: PRINTED_PAGE });

  test('shows no skip link, navigation, pause button or form field; the hero photograph and the key facts fit the first page; the footer gives the address', async ({ page }) => {
    await page.goto('/');
    await awake(page);
    await expect(page.getByRole('button', { name: PAUSE })).toBeAttached();
    await printed(page);

    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeHidden();
    await expect(page.getByRole('navigation')).toBeHidden();
    await expect(page.getByRole('button', { name: PAUSE })).toBeHidden();
    await expect(page.locator('input:visible, textarea:visible, button:visible')).toHaveCount(0);

    const photo = page.getByRole('banner').getByRole('img');
    await expect(photo).toBeVisible();
    expect(await bottomOnPage(page, photo)).toBeLessThanOrEqual(PRINTED_PAGE.height);
    const facts = page.locator('dl');
    await expect(facts).toBeVisible();
    for (const [value] of spec.stats) await expect(facts).toContainText(value);
    expect(await bottomOnPage(page, facts)).toBeLessThanOrEqual(PRINTED_PAGE.height);

    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    await expect(page.getByRole('contentinfo').getByText(new URL(canonical!).origin, { exact: true })).toBeVisible();
  });

  test('every word is legible on paper, with the backgrounds printed or not: dark type on no ground of its own', async ({ page }) => {
    await page.goto('/');
    await awake(page);
    await printed(page);
    // As drawn here, with each part's ground (a printer asked for backgrounds prints them): the contrast of every word.
    const contrast = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
    expect(contrast.violations.flatMap(({ nodes }) => nodes.map((node) => `${node.target.join(' ')}: ${node.any[0]?.message ?? ''}`))).toEqual([]);
    // A printer that leaves backgrounds out (the default) leaves the paper: no part of the page may count on a dark ground.
    const darkGrounds = await page.evaluate(() =>
      [...document.querySelectorAll('main > *, body > header, body > footer')].flatMap((part) => {
        const [r, g, b, a = 1] = (getComputedStyle(part).backgroundColor.match(/[\d.]+/g) ?? []).map(Number);
        return a > 0 && 0.2126 * r! + 0.7152 * g! + 0.0722 * b! < 128 ? [`<${part.tagName.toLowerCase()} class="${part.className}">`] : [];
      }),
    );
    expect(darkGrounds).toEqual([]);
  });
});

test('text alone zoomed to 200 % at 390 px wide overflows nothing sideways: no box, no line of text', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/');
  await partsIn(page);
  await page.evaluate(() => (document.documentElement.style.fontSize = '200%'));
  const overflowing = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const outside = (box: DOMRect) => box.width > 0 && (box.right > width + 0.5 || box.left < -0.5);
    const shown = (element: Element) => element.checkVisibility() && !element.closest('[inert], [aria-hidden="true"]');
    const boxes = [...document.body.querySelectorAll('*')]
      .filter((element) => shown(element) && outside(element.getBoundingClientRect()))
      .map((element) => `<${element.tagName.toLowerCase()} class="${element.className}">`);
    // The page itself clips sideways overflow (overflow-x: clip), so text running past the edge would be cut, not scrolled to.
    const lines: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim() || !node.parentElement || !shown(node.parentElement)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      if ([...range.getClientRects()].some(outside)) lines.push(node.textContent.trim().slice(0, 40));
    }
    return [...boxes, ...lines];
  });
  expect(overflowing).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
});
