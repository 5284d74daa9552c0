import { expect, test } from './support/fixtures';
import { restingTop } from './support/frames';
import { agent, brokerForm, expectInquiryValues, fillBroker, fillInquiry, inquiryForm, prospect, sendBroker, sendInquiry } from './support/forms';
import { spec } from './support/spec-copy';
import { partsIn } from './support/typefaces';

test('shows every section in order with its copy', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(new RegExp(spec.name));
  await expect(page.locator('h1, h2')).toHaveText(spec.headings);

  const banner = page.getByRole('banner');
  await expect(banner.getByText(spec.tagline)).toBeVisible();
  await expect(banner.getByRole('link', { name: spec.discover })).toHaveAttribute('href', '#inquire');
  await expect(banner.getByRole('link', { name: spec.scrollLabel })).toHaveAttribute('href', '#inquire');

  // The parts below the hero come in with the typefaces, or three seconds after the first paint: until then they are
  // out of the accessibility tree, so the features' headings are waited for rather than read at once.
  await expect(page.locator('main section').first().getByRole('heading', { level: 3 })).toHaveText(spec.features);
  await expect(page.locator('figure figcaption')).toHaveText(spec.caption);
  const stats = page.locator('dl > div');
  await expect(stats).toHaveCount(spec.stats.length);
  for (const [index, [value, label]] of spec.stats.entries()) {
    await expect(stats.nth(index).locator('dd')).toHaveText(value);
    await expect(stats.nth(index).locator('dt')).toHaveText(label);
  }

  await expect(page.locator('section#inquire')).toContainText(spec.headings[3]);
  await expect(inquiryForm(page).getByRole('button')).toHaveText(spec.inquiry.button);
  await expect(brokerForm(page).getByRole('button')).toHaveText(spec.broker.button);

  const contentinfo = page.getByRole('contentinfo');
  await expect(contentinfo).toContainText(spec.footerTagline);
  await expect(contentinfo).toContainText(`© ${new Date().getFullYear()} ${spec.name}`);
  await expect(contentinfo.locator('svg')).toBeVisible();

  // Document order: hero, the four sections, footer.
  const landmarks = await page.evaluate(() =>
    [...document.querySelectorAll('body > header, main > section, body > footer')].map((element) => element.querySelector('h1, h2')?.textContent ?? 'footer'),
  );
  expect(landmarks).toEqual([...spec.headings, 'footer']);
});

test('DISCOVER YOUR ESTATE scrolls smoothly to the inquiry section', async ({ page }) => {
  await page.goto('/');
  // Part-way positions prove an animated scroll rather than a jump: every frame's position from the click until it
  // arrives (5 s at most), watched from before the click, so that a busy host's first frames are not missed.
  await page.evaluate(() => {
    const seen: number[] = [];
    const started = performance.now();
    (window as unknown as { scrollSamples: Promise<number[]> }).scrollSamples = new Promise((resolve) => {
      const sample = () => {
        const target = document.getElementById('inquire')!.getBoundingClientRect().top + window.scrollY;
        seen.push(window.scrollY);
        // Arrived once it has moved: before the click the section may still be set aside, with no place to be at.
        if ((seen.some((y) => y > 0) && Math.abs(window.scrollY - target) < 1) || performance.now() - started > 5000) resolve(seen);
        else requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    });
  });
  await page.getByRole('link', { name: spec.discover }).click();
  const samples = await page.evaluate(() => (window as unknown as { scrollSamples: Promise<number[]> }).scrollSamples);
  const target = await page.locator('#inquire').evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
  expect(samples.some((y) => y > 0 && y < target - 1)).toBe(true);
  await expect.poll(() => page.locator('#inquire').evaluate((element) => Math.abs(Math.round(element.getBoundingClientRect().top)))).toBe(0);
  expect(new URL(page.url()).hash).toBe('#inquire');
});

test('the scroll arrow leads to the inquiry section too, and it works without JavaScript', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('link', { name: spec.scrollLabel }).click();
  await expect.poll(() => page.locator('#inquire').evaluate((element) => Math.abs(Math.round(element.getBoundingClientRect().top)))).toBe(0);
  await context.close();
});

// The parts below the hero are held back on a fresh load (scripts/first-paint.mjs); a page opened at a part, or
// reloaded part-way down, must land where the browser aims, not where placeholders or late typefaces would put it.
for (const width of [390, 1440]) {
  test(`at ${width} px, a page opened at a part lands on it, and a reload stays where it was`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    // Where the element rests once the page is awake, its parts and typefaces in, and no smooth scroll under way.
    const settledTop = async (selector: string) => {
      await expect(page.getByRole('button', { name: 'Pause background slideshow' })).toBeVisible();
      await partsIn(page);
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      return restingTop(page, selector);
    };
    for (const part of ['#inquire', '#broker']) {
      await page.goto(`/${part}`);
      expect(Math.abs(await settledTop(part))).toBeLessThanOrEqual(2);
    }

    await page.goto('/');
    await page.locator('#broker-form').scrollIntoViewIfNeeded();
    const before = await settledTop('#broker-form');
    await page.reload();
    expect(Math.abs((await settledTop('#broker-form')) - before)).toBeLessThanOrEqual(2);
  });
}

test('the background slideshow cross-fades to the next photograph every five seconds', async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  const slides = page.locator('#inquire [data-active]');
  await expect(slides).toHaveCount(spec.slides);
  await expect(slides.nth(0)).toHaveAttribute('data-active', 'true');
  await expect(slides.nth(0)).toHaveCSS('transition-duration', '1s');
  // The page wakes as the slideshow comes near: its clock starts once its pause button is there.
  await page.locator('#inquire').scrollIntoViewIfNeeded();
  await expect(page.getByRole('button', { name: 'Pause background slideshow' })).toBeVisible();

  await page.clock.runFor(5000);
  await expect(slides.nth(1)).toHaveAttribute('data-active', 'true');
  await expect(slides.nth(0)).toHaveAttribute('data-active', 'false');
  await expect(slides.nth(1).locator('img')).toHaveCount(1);
});

test.describe('with JavaScript', () => {
  test('an inquiry is stored, the form is cleared and the message shows for five seconds', async ({ page, rows }) => {
    await page.clock.install();
    await page.goto('/');
    await fillInquiry(page);
    await inquiryForm(page).getByRole('button', { name: spec.inquiry.button }).click();

    await expect(inquiryForm(page).getByRole('status')).toHaveText(spec.inquiry.success);
    await expectInquiryValues(page, {});
    expect(await rows('prospect_inquiries')).toEqual([expect.objectContaining(prospect)]);

    await page.clock.runFor(5000);
    await expect(inquiryForm(page).getByRole('status')).toHaveText('');
  });

  test('optional fields left empty are stored as NULL', async ({ page, rows }) => {
    await page.goto('/');
    await sendInquiry(page, { ...prospect, phone: '', message: '' });
    await expect(inquiryForm(page).getByRole('status')).toHaveText(spec.inquiry.success);
    expect(await rows('prospect_inquiries')).toEqual([expect.objectContaining({ phone: null, message: null })]);
  });

  test('a broker request is stored and the form is cleared', async ({ page, rows }) => {
    await page.goto('/');
    await fillBroker(page);
    await brokerForm(page).getByRole('button', { name: spec.broker.button }).click();
    await expect(brokerForm(page).getByRole('status')).toHaveText(spec.broker.success);
    await expect(brokerForm(page).getByRole('textbox', { name: 'Brokerage Firm' })).toHaveValue('');
    expect(await rows('broker_requests')).toEqual([expect.objectContaining(agent)]);
  });

  test('the browser refuses to send a form with a required field empty', async ({ page, rows }) => {
    await page.goto('/');
    await sendInquiry(page, { ...prospect, email: '' });
    await expect(inquiryForm(page).getByRole('status')).toHaveText('');
    expect(await rows('prospect_inquiries')).toEqual([]);
  });

  test('with the store unreachable the error shows, every value stays and the console says so', async ({ page, stack, rows }) => {
    const consoleErrors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()));
    await page.goto('/');
    await stack.stopPostgrest();

    await sendInquiry(page);
    await expect(inquiryForm(page).getByRole('status')).toHaveText(spec.inquiry.error);
    await expectInquiryValues(page, prospect);
    expect(consoleErrors.join('\n')).toContain('Inquiry submission failed');

    await sendBroker(page);
    await expect(brokerForm(page).getByRole('status')).toHaveText(spec.broker.error);
    await expect(brokerForm(page).getByRole('textbox', { name: 'License Number' })).toHaveValue(agent.license_number);
    expect(await rows('prospect_inquiries')).toEqual([]);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('an inquiry posts, is stored, and the returned page shows the message with the form cleared', async ({ page, rows }) => {
    await page.goto('/');
    await sendInquiry(page);
    await expect(inquiryForm(page).getByRole('status')).toHaveText(spec.inquiry.success);
    await expectInquiryValues(page, {});
    expect(await rows('prospect_inquiries')).toEqual([expect.objectContaining(prospect)]);
  });

  test('a broker request posts and is stored', async ({ page, rows }) => {
    await page.goto('/');
    await sendBroker(page);
    await expect(brokerForm(page).getByRole('status')).toHaveText(spec.broker.success);
    expect(await rows('broker_requests')).toEqual([expect.objectContaining(agent)]);
  });

  test('with the store unreachable the returned page shows the error with every value in its field', async ({ page, stack, rows }) => {
    await page.goto('/');
    await stack.stopPostgrest();
    await sendInquiry(page);
    await expect(inquiryForm(page).getByRole('status')).toHaveText(spec.inquiry.error);
    await expectInquiryValues(page, prospect);
    expect(await rows('prospect_inquiries')).toEqual([]);
  });
});
