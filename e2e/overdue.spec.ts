import AxeBuilder from '@axe-core/playwright';
import { AVA, signedInPage } from './support/accounts';
import { WCAG_TAGS } from './support/axe';
import { expect, test } from './support/fixtures';

test('at 390 px, a broker request made 21 hours ago is marked overdue in the list and on its page; the month’s figures count it as waiting', async ({
  browser,
  server,
  stack,
  rows,
}) => {
  await rows('broker_requests');
  const insert = (name: string, email: string, age: string) =>
    stack.query<{ id: string }>(
      `insert into broker_requests (full_name, email, brokerage, created_at) values ($1, $2, 'Hale Realty', now() - $3::interval) returning id`,
      [name, email, age],
    );
  const [late] = await insert('Marcus Hale', 'marcus@hale.realty', '21 hours 5 minutes');
  await insert('Nadia Okafor', 'nadia@okafor-estates.example', '19 hours 50 minutes');

  const page = await signedInPage(browser, server.url, stack, AVA, 390);
  await page.goto('/admin?form=broker');
  // A lead's row of the list: a card at this width.
  const card = (name: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
  await expect(card('Marcus Hale').getByText('Overdue')).toBeVisible();
  await expect(card('Marcus Hale')).toContainText(/waiting 21 h [5-9] min/);
  await expect(card('Nadia Okafor')).toBeVisible();
  await expect(card('Nadia Okafor').getByText('Overdue')).toHaveCount(0);
  // The mark stays within the phone's width.
  const box = await card('Marcus Hale').getByText('Overdue').boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Both wait, counted in the month each arrived, in the site's time zone (the server's default).
  const figures = page.getByRole('region', { name: 'Broker requests answered within 24 hours' });
  const monthOf = (hoursAgo: number) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit' }).format(Date.now() - hoursAgo * 3_600_000).slice(0, 7);
  const expected = new Map<string, number>();
  for (const hoursAgo of [21.1, 19.8]) expected.set(monthOf(hoursAgo), (expected.get(monthOf(hoursAgo)) ?? 0) + 1);
  for (const [month, count] of expected) {
    await expect(figures.getByRole('row', { name: new RegExp(`^${month}`) }).getByRole('cell')).toHaveText([String(count), '0', '0', String(count)]);
  }

  // The mark and the table are read as the rest of the inbox is: no accessibility violation.
  const axe = () => new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect((await axe()).violations).toEqual([]);

  await card('Marcus Hale').getByRole('link', { name: 'Marcus Hale' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/leads/${late!.id}$`));
  await expect(page.getByText('Overdue')).toBeVisible();
  await expect(page.getByRole('main')).toContainText(/waiting 21 h [5-9] min/);
  expect((await axe()).violations).toEqual([]);
});
