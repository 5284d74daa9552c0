import AxeBuilder from '@axe-core/playwright';
import { WCAG_TAGS } from './support/axe';
import { expect, test } from './support/fixtures';
import { contrastOverImage } from './support/contrast';
import { awake, inquiryForm } from './support/forms';
import { spec } from './support/spec-copy';
import { partsIn } from './support/typefaces';

const WIDTHS = [360, 390, 768, 1024, 1440, 1920];

for (const width of [390, 1440]) {
  test(`axe finds no violation at ${width} px, idle and after a refused submission`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    await partsIn(page);
    const idle = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    expect(idle.violations).toEqual([]);

    // A field error, as the server reports it: the message tied to its field.
    await inquiryForm(page).getByRole('textbox', { name: 'Full Name' }).fill('Eleanor');
    await inquiryForm(page).getByRole('textbox', { name: 'Email Address' }).fill('eleanor@localhost');
    await inquiryForm(page).getByRole('button').click();
    // The specification's words first, then a hint that a field is at fault.
    await expect(inquiryForm(page).getByRole('status')).toHaveText(new RegExp(`^${spec.inquiry.error.replace(/\./g, '\\.')} \\S`));
    const email = inquiryForm(page).getByRole('textbox', { name: 'Email Address' });
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription(/valid email/);
    const refused = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    expect(refused.violations).toEqual([]);
  });
}

test('no width from 360 to 1920 px scrolls sideways, and every control is at least 44 px square', async ({ page }) => {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    await partsIn(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect({ width, overflow }).toEqual({ width, overflow: 0 });

    const small = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('a, button, input, textarea')]
        .filter((element) => element.checkVisibility() && !element.closest('[inert]') && getComputedStyle(element).transform === 'none')
        // A link within a sentence is exempt (WCAG 2.5.8, inline): the line around it sets its height.
        .filter((element) => !(element.tagName === 'A' && element.parentElement?.textContent?.trim() !== element.textContent?.trim()))
        .map((element) => ({ name: element.getAttribute('aria-label') ?? element.textContent?.trim() ?? element.id, box: element.getBoundingClientRect() }))
        .filter(({ box }) => box.width < 44 || box.height < 44)
        .map(({ name, box }) => `${name}: ${Math.round(box.width)}x${Math.round(box.height)}`),
    );
    expect({ width, small }).toEqual({ width, small: [] });
  }
});

test('the skip link is the first stop and takes keyboard focus to the content', async ({ page }) => {
  await page.goto('/');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
});

test('every focusable control shows a visible focus indicator', async ({ page }) => {
  await page.goto('/');
  const unmarked: string[] = [];
  for (let stop = 0; stop < 30; stop++) {
    await page.keyboard.press('Tab');
    const marked = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return null;
      const style = getComputedStyle(element);
      const visible = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
      return { name: element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 30) ?? element.tagName, visible };
    });
    if (marked && !marked.visible) unmarked.push(marked.name);
  }
  expect(unmarked).toEqual([]);
});

test.describe('text over photographs', () => {
  for (const width of [390, 1440]) {
    test(`stays legible at ${width} px: the hero, and the inquiry section over each slide`, async ({ page }) => {
      await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
      await page.clock.install();
      await page.goto('/');
      await awake(page);
      const heroText = page.locator('header').locator('h1, p, a');
      const failing = (results: Awaited<ReturnType<typeof contrastOverImage>>) => results.filter((result) => result.ratio < result.required);
      expect(failing(await contrastOverImage(page, heroText))).toEqual([]);

      const section = page.locator('#inquire');
      await section.scrollIntoViewIfNeeded();
      const sectionText = section.locator('h2, p, label');
      for (let slide = 0; slide < spec.slides; slide++) {
        await page.evaluate(async () => Promise.all([...document.querySelectorAll('#inquire img')].map((image) => (image as HTMLImageElement).decode().catch(() => undefined))));
        expect(failing(await contrastOverImage(page, sectionText)), `slide ${slide + 1}`).toEqual([]);
        await page.clock.runFor(5000);
      }
    });
  }
});

test.describe('with reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('the call to action jumps instead of scrolling, and nothing animates', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: spec.discover }).click();
    const firstFrame = await page.evaluate(() => new Promise<number>((resolve) => requestAnimationFrame(() => resolve(window.scrollY))));
    const target = await page.locator('#inquire').evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
    expect(Math.abs(firstFrame - target)).toBeLessThan(2);

    await expect(page.locator('#inquire [data-active]').first()).toHaveCSS('transition-duration', '0s');
    const animated = await page.evaluate(() =>
      [...document.querySelectorAll('*')].filter((element) => getComputedStyle(element).animationName !== 'none').map((element) => element.className),
    );
    expect(animated).toEqual([]);
  });
});
