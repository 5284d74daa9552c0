import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { AVA, signInEmail, signInWithCode } from './support/accounts';
import { WCAG_TAGS } from './support/axe';
import { expect, test } from './support/fixtures';
import { lookAt } from './support/shots';

// An owner ADMIN_EMAILS names is made with a name guessed from the address: "Owner", "Sales". Their first sign-in
// asks what to call them (lib/auth/name-actions.ts); sessions the other specs open are of people named already.

const OWNER = 'owner@aldercrest.example';
const SALES = 'sales@aldercrest.example';

test.use({ serverKind: 'mail' });
test.beforeEach(async ({ stack }) => {
  await stack.reset();
  // As the server makes them at start-up from ADMIN_EMAILS; Ava's account is one she has signed in with before.
  await stack.query("insert into private.accounts (email, name, role, fixed) values ($1, $2, 'owner', true)", [AVA.email, AVA.name]);
  await stack.query('select public.team_ensure_owners(array[$1, $2, $3], now())', [AVA.email, OWNER, SALES]);
});

const expectNoAxeViolations = async (page: Page) => expect((await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()).violations).toEqual([]);
const noSideways = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
const phone = { viewport: { width: 390, height: 844 } };

test('at 390 px an owner named after their address is asked their name once, the guess filled in, then goes where they were going', async ({ browser, stack, server, relay }) => {
  const context = await browser.newContext({ baseURL: server.url, ...phone });
  const page = await context.newPage();
  await page.goto('/admin/team');
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fadmin%2Fteam$/);
  await page.getByLabel('Email address').fill(OWNER);
  await page.getByRole('button', { name: 'SEND A CODE' }).click();
  await page.getByLabel('Code from the email').fill((await signInEmail(relay, OWNER)).code);
  await page.getByRole('button', { name: 'SIGN IN' }).click();

  await expect(page).toHaveURL(/\/sign-in\/name\?next=%2Fadmin%2Fteam$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('What should we call you?');
  const field = page.getByRole('textbox', { name: 'Your name' });
  await expect(field).toHaveValue('Owner');
  await lookAt(page, 'name-step-390');
  await expectNoAxeViolations(page);
  await noSideways(page);

  // A name the history cannot show is refused as typed, with why, in one line of the log.
  await field.fill('Owner #1');
  await page.getByRole('button', { name: 'SAVE AND CONTINUE' }).click();
  await expect(page.getByRole('status')).toHaveText('Please enter your name in letters, with spaces, dots, hyphens or apostrophes if you need them, up to 80 characters.');
  await expect(field).toHaveValue('Owner #1');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toBeFocused();
  await lookAt(page, 'name-step-390-refused');
  await noSideways(page);
  expect(server.output().match(/"event":"account\.name_refused"/g)).toHaveLength(1);
  expect(server.output()).toContain('"event":"account.name_refused","reason":"invalid_name"');

  await field.fill('Olivia Park');
  await page.getByRole('button', { name: 'SAVE AND CONTINUE' }).click();
  await expect(page).toHaveURL(/\/admin\/team$/);
  await expect(page.getByText('Signed in as Olivia Park')).toBeVisible();
  await expect(page.getByText('Name given at first sign-in, in place of Owner')).toBeVisible();
  expect(await stack.query('select name, ask_name from private.accounts where email = $1', [OWNER])).toEqual([{ name: 'Olivia Park', ask_name: false }]);
  await context.close();

  // Answered: the next sign-in goes straight on.
  const later = await (await browser.newContext({ baseURL: server.url, ...phone })).newPage();
  const sent = relay.received.length;
  await signInWithCode(later, OWNER, async () => (await signInEmail(relay, OWNER, sent)).code);
  await expect(later).toHaveURL(/\/admin$/);
  await expect(later.getByText('Signed in as Olivia Park')).toBeVisible();
  await later.context().close();
});

test('at 390 px without JavaScript a refused name comes back as typed, and Not now keeps the guess, asked no more', async ({ browser, stack, server, relay }) => {
  const context = await browser.newContext({ baseURL: server.url, javaScriptEnabled: false, ...phone });
  const page = await context.newPage();
  await signInWithCode(page, SALES, async () => (await signInEmail(relay, SALES)).code);
  await expect(page).toHaveURL(/\/sign-in\/name\?next=%2Fadmin$/);
  const field = page.getByRole('textbox', { name: 'Your name' });
  await expect(field).toHaveValue('Sales');

  await field.fill('Sales 2');
  await page.getByRole('button', { name: 'SAVE AND CONTINUE' }).click();
  await expect(page.getByRole('status')).toHaveText(/^Please enter your name/);
  await expect(field).toHaveValue('Sales 2');
  await expect(field).toHaveAttribute('aria-invalid', 'true');

  await page.getByRole('button', { name: 'Not now' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText('Signed in as Sales')).toBeVisible();
  expect(await stack.query('select name, ask_name from private.accounts where email = $1', [SALES])).toEqual([{ name: 'Sales', ask_name: false }]);
  expect(await stack.query("select v.action from private.account_activity v join private.accounts a on a.id = v.account_id where a.email = $1", [SALES])).toEqual([
    { action: 'signed_in' },
  ]);
  expect(server.output()).toContain('"event":"account.name_answered","answer":"skipped","role":"owner"');
  // The page of the question, opened again once answered, goes on.
  await page.goto('/sign-in/name?next=%2Fadmin%2Fteam');
  await expect(page).toHaveURL(/\/admin\/team$/);
  await context.close();

  const later = await (await browser.newContext({ baseURL: server.url, javaScriptEnabled: false, ...phone })).newPage();
  const sent = relay.received.length;
  await signInWithCode(later, SALES, async () => (await signInEmail(relay, SALES, sent)).code);
  await expect(later).toHaveURL(/\/admin$/);
  await later.context().close();
});
