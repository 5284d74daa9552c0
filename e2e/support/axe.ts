import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** The checks every page is held to: WCAG 2.2 A and AA, and axe's best practices. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * What axe finds wrong on the page, checked once the page has its title: after a post answered by going to the
 * page again (`?done=booked`), the new page's title can arrive a moment after its heading.
 */
export async function axeViolations(page: Page) {
  await expect(page).toHaveTitle(/\S/);
  return (await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()).violations;
}
