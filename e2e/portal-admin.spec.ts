import type { Locator, Page } from '@playwright/test';
import { JULIEN, MARCUS, openSession, withSession } from './support/accounts';
import { expect, test } from './support/fixtures';
import { hydrated } from './support/forms';
import { estateCard } from './support/portal';

// The broker portal as the team keeps it: the estates (/admin/estates) and the co-brokerage terms (/admin/terms).

// The pages' words, written out rather than imported from lib/content.ts, so that a change there shows here.
const estatesPage = {
  intro: 'What brokers see in the portal and on the price list. Every change is kept with who made it and when; a sold estate stays listed.',
  tableLabel: 'Estates by lot',
  none: 'No estates yet. Add the first one below.',
  add: { heading: 'Add an estate', submit: 'ADD ESTATE' },
  edit: { summary: 'Edit its details', submit: 'Save details' },
  status: { submit: 'Save status and price' },
  saved: { added: 'Estate added.', updated: 'Details saved.', status: 'Status and price saved.', deleted: 'Estate deleted. Its history is kept.' },
  refusedSold: 'A sold estate cannot be deleted: it stays listed, with its history, as a record of the sale.',
  answers: {
    refused: 'Please check the entries:',
    duplicate: (lot: string) => `“${lot}” is already listed. Each lot is listed once: edit that estate instead, or name this one differently.`,
  },
  errors: {
    lot: 'Lot: 1 to 60 characters, letters, numbers and simple punctuation.',
    lotAcres: 'Lot size: a number of acres from 0.01 to 999, with at most two decimals.',
    homeSqft: 'Home: a whole number of square feet from 1 to 100,000.',
    bedrooms: 'Bedrooms: a whole number from 0 to 50.',
    bathrooms: 'Bathrooms: a number from 0 to 50, in halves (2, 2.5, 3…).',
    listPrice: 'Price: whole dollars from 1 to 1,000,000,000, or empty for “Price on request”.',
  } as Record<string, string>,
};
const termsPage = {
  intro: 'Brokers accept the latest version before they use the portal. Publishing a new version asks every broker to accept again.',
  none: 'No terms are published yet. Brokers see the portal once the first version is.',
  publish: { submit: 'PUBLISH' },
  saved: { published: (version: number) => `Version ${version} published. Brokers are asked to accept it.` },
  answers: {
    markup: 'The terms look like they contain markup (a “<” followed by a letter, as in an HTML tag). Please write them as plain text.',
    same: 'These are the current terms word for word. Change them before publishing a new version.',
  },
};

test.use({ serverKind: 'mail' });

test.beforeEach(async ({ stack }) => {
  await stack.query('truncate private.estates, private.estate_changes, private.terms_acceptances, private.terms_versions cascade');
});

/** The card of an estate, by its lot. */
const addForm = (page: Page) => page.locator('section', { has: page.getByRole('heading', { name: estatesPage.add.heading }) });

async function fillEstate(form: Locator, values: Partial<Record<'lot' | 'acres' | 'sqft' | 'bedrooms' | 'bathrooms' | 'price', string>> & { status?: string }) {
  if (values.lot !== undefined) await form.getByLabel('Lot', { exact: true }).fill(values.lot);
  if (values.acres !== undefined) await form.getByLabel('Lot size (acres)').fill(values.acres);
  if (values.sqft !== undefined) await form.getByLabel('Home (sq ft)').fill(values.sqft);
  if (values.bedrooms !== undefined) await form.getByLabel('Bedrooms').fill(values.bedrooms);
  if (values.bathrooms !== undefined) await form.getByLabel('Bathrooms').fill(values.bathrooms);
  if (values.status !== undefined) await form.getByLabel('Status').selectOption({ label: values.status });
  if (values.price !== undefined) await form.getByLabel('Price (US dollars)').fill(values.price);
}

const tableRow = (page: Page, lot: string) => page.getByRole('region', { name: estatesPage.tableLabel }).getByRole('row').filter({ has: page.getByRole('rowheader', { name: lot, exact: true }) });

test('a team member adds an estate, edits it, marks it sold, cannot delete it, and reads its history', async ({ signedIn }) => {
  const julien = await signedIn(JULIEN);
  await julien.goto('/admin');
  await julien.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Estates' }).click();
  await expect(julien).toHaveURL(/\/admin\/estates$/);
  await expect(julien.getByRole('heading', { level: 1 })).toHaveText('Estates');
  await expect(julien.getByText(estatesPage.none)).toBeVisible();

  await fillEstate(addForm(julien), { lot: 'Lot 7', acres: '1.25', sqft: '4200', bedrooms: '5', bathrooms: '4.5', price: '$2,450,000' });
  await addForm(julien).getByRole('button', { name: estatesPage.add.submit }).click();
  await expect(julien.getByRole('status').filter({ hasText: estatesPage.saved.added })).toBeVisible();
  await expect(tableRow(julien, 'Lot 7')).toContainText(['1.25', '4,200', '5', '4.5', 'Available', '$2,450,000'].join(''));

  // Another without a price: "Price on request".
  await fillEstate(addForm(julien), { lot: 'The Orchard', acres: '2.4', sqft: '5100', bedrooms: '6', bathrooms: '5', status: 'Reserved', price: '' });
  await addForm(julien).getByRole('button', { name: estatesPage.add.submit }).click();
  await expect(julien.getByRole('status').filter({ hasText: estatesPage.saved.added })).toBeVisible();
  await expect(tableRow(julien, 'The Orchard')).toContainText('Price on request');
  await expect(tableRow(julien, 'The Orchard')).toContainText('Reserved');

  // Its details.
  const lot7 = await estateCard(julien, 'Lot 7');
  await lot7.getByText(estatesPage.edit.summary).click();
  const edit = lot7.locator('details', { hasText: estatesPage.edit.summary });
  await fillEstate(edit, { sqft: '4350', bathrooms: '5' });
  await edit.getByRole('button', { name: estatesPage.edit.submit }).click();
  await expect(julien.getByRole('status').filter({ hasText: estatesPage.saved.updated })).toBeVisible();
  await expect(tableRow(julien, 'Lot 7')).toContainText('4,350');

  // Sold, at a price of its own.
  const status = (await estateCard(julien, 'Lot 7')).locator('form').first();
  await status.getByLabel('Status').selectOption({ label: 'Sold' });
  await status.getByLabel('Price (US dollars)').fill('2390000');
  await status.getByRole('button', { name: estatesPage.status.submit }).click();
  await expect(julien.getByRole('status').filter({ hasText: estatesPage.saved.status })).toBeVisible();
  await expect(tableRow(julien, 'Lot 7')).toContainText('Sold');
  await expect(tableRow(julien, 'Lot 7')).toContainText('$2,390,000');

  // A sold estate stays: the sentence says why, and it is still listed.
  const sold = await estateCard(julien, 'Lot 7');
  await sold.getByText('Delete Lot 7', { exact: true }).click();
  await sold.getByRole('button', { name: 'Delete Lot 7 now' }).click();
  await expect(julien.getByRole('status').filter({ hasText: estatesPage.refusedSold })).toBeVisible();
  await expect(tableRow(julien, 'Lot 7')).toBeVisible();

  // Its history: who, and each change before → after.
  const history = (await estateCard(julien, 'Lot 7')).locator('details', { hasText: 'History' });
  await history.getByText('History (3)').click();
  const changes = history.getByRole('listitem');
  await expect(changes).toHaveCount(3);
  await expect(changes.nth(0)).toContainText(`Added · ${JULIEN.name}`);
  await expect(changes.nth(0)).toContainText('Lot 7');
  await expect(changes.nth(1)).toContainText(`Changed · ${JULIEN.name}`);
  await expect(changes.nth(1)).toContainText('Sq ft4,200 → 4,350');
  await expect(changes.nth(1)).toContainText('Bathrooms4.5 → 5');
  await expect(changes.nth(2)).toContainText('StatusAvailable → Sold');
  await expect(changes.nth(2)).toContainText('Price$2,450,000 → $2,390,000');

  // One that is not sold can be deleted; its row goes.
  const orchard = await estateCard(julien, 'The Orchard');
  await orchard.getByText('Delete The Orchard', { exact: true }).click();
  await orchard.getByRole('button', { name: 'Delete The Orchard now' }).click();
  await expect(julien.getByRole('status').filter({ hasText: estatesPage.saved.deleted })).toBeVisible();
  await expect(tableRow(julien, 'The Orchard')).toHaveCount(0);
});

test('odd entries get the page again with a sentence and what was typed; a lot already listed too', async ({ signedIn }) => {
  const julien = await signedIn(JULIEN, 390);
  await julien.goto('/admin/estates');
  const form = addForm(julien);
  await fillEstate(form, { lot: 'Lot 12', acres: '1.234', sqft: '250000', bedrooms: '4', bathrooms: '3.3', price: '12.50' });
  await form.getByRole('button', { name: estatesPage.add.submit }).click();
  const said = form.getByRole('status');
  await expect(said).toContainText(estatesPage.answers.refused);
  for (const name of ['lotAcres', 'homeSqft', 'bathrooms', 'listPrice']) await expect(said).toContainText(estatesPage.errors[name]!);
  await expect(said).not.toContainText(estatesPage.errors.bedrooms!);
  await expect(form.getByLabel('Lot', { exact: true })).toHaveValue('Lot 12');
  await expect(form.getByLabel('Lot size (acres)')).toHaveValue('1.234');
  await expect(form.getByLabel('Lot size (acres)')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('Home (sq ft)')).toHaveValue('250000');
  await expect(form.getByLabel('Bathrooms')).toHaveValue('3.3');
  await expect(form.getByLabel('Price (US dollars)')).toHaveValue('12.50');
  await expect(form.getByLabel('Bedrooms')).not.toHaveAttribute('aria-invalid', 'true');

  await fillEstate(form, { acres: '1.23', sqft: '3900', bathrooms: '3.5', price: '' });
  await form.getByRole('button', { name: estatesPage.add.submit }).click();
  await expect(julien.getByRole('status').filter({ hasText: estatesPage.saved.added })).toBeVisible();

  // The same lot again: refused by the store (23505), said plainly, the entries kept.
  await fillEstate(addForm(julien), { lot: 'Lot 12', acres: '2', sqft: '4000', bedrooms: '4', bathrooms: '3', price: '1900000' });
  await addForm(julien).getByRole('button', { name: estatesPage.add.submit }).click();
  await expect(addForm(julien).getByRole('status')).toHaveText(estatesPage.answers.duplicate('Lot 12'));
  await expect(addForm(julien).getByLabel('Price (US dollars)')).toHaveValue('1900000');
  await expect(julien.getByRole('region', { name: estatesPage.tableLabel }).getByRole('row')).toHaveCount(2);
});

test('without JavaScript, a malformed or oversized post gets the page again with the sentence and the values, never an error', async ({ browser, server, stack }) => {
  const token = await openSession(stack, JULIEN);
  const context = await browser.newContext({ baseURL: server.url, javaScriptEnabled: false, extraHTTPHeaders: withSession(token) });
  const page = await context.newPage();
  await page.goto('/admin/estates');
  const form = addForm(page);
  // Past what the inputs allow, as a script-less post can send.
  await form.getByLabel('Lot', { exact: true }).evaluate((input: HTMLInputElement) => input.removeAttribute('maxlength'));
  await fillEstate(form, { lot: 'L'.repeat(500), acres: '1e3', sqft: '-5', bedrooms: '51', bathrooms: '2', price: '1000000001' });
  const answer = page.waitForResponse((response) => response.request().method() === 'POST');
  await form.getByRole('button', { name: estatesPage.add.submit }).click();
  expect((await answer).status()).toBe(200);
  await expect(addForm(page).getByRole('status')).toContainText(estatesPage.answers.refused);
  for (const name of ['lot', 'lotAcres', 'homeSqft', 'bedrooms', 'listPrice']) await expect(addForm(page).getByRole('status')).toContainText(estatesPage.errors[name]!);
  await expect(addForm(page).getByLabel('Lot size (acres)')).toHaveValue('1e3');
  await expect(addForm(page).getByLabel('Bedrooms')).toHaveValue('51');

  await fillEstate(addForm(page), { lot: 'Lot 3', acres: '0.85', sqft: '3100', bedrooms: '4', bathrooms: '3.5', price: '1,650,000' });
  await addForm(page).getByRole('button', { name: estatesPage.add.submit }).click();
  await expect(page.getByRole('status').filter({ hasText: estatesPage.saved.added })).toBeVisible();
  await expect(tableRow(page, 'Lot 3')).toContainText('$1,650,000');

  // A refused change to its details: the folded form is open again, with the sentence and the entry.
  const lot3 = await estateCard(page, 'Lot 3');
  await lot3.getByText(estatesPage.edit.summary).click();
  const edit = lot3.locator('details', { hasText: estatesPage.edit.summary });
  await edit.getByLabel('Bathrooms').fill('2.25');
  await edit.getByRole('button', { name: estatesPage.edit.submit }).click();
  // The answer's page first: read while the post was under way, the estate's heading was not there, and the card was
  // looked for afresh from the list (a page without the answer).
  await expect(page.getByRole('status').filter({ hasText: estatesPage.errors.bathrooms! })).toBeVisible();
  const refusedEdit = (await estateCard(page, 'Lot 3')).locator('details', { hasText: estatesPage.edit.summary });
  await expect(refusedEdit).toHaveAttribute('open', '');
  await expect(refusedEdit.getByRole('status')).toContainText(estatesPage.errors.bathrooms!);
  await expect(refusedEdit.getByLabel('Bathrooms')).toHaveValue('2.25');
  await page.goto('/admin/estates');
  await expect(tableRow(page, 'Lot 3')).toContainText('3.5');
  await context.close();
});

test('the team publishes the terms as versions, shown as text; markup is refused with the text kept', async ({ signedIn }) => {
  const julien = await signedIn(JULIEN);
  await julien.goto('/admin');
  await julien.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Terms' }).click();
  await expect(julien).toHaveURL(/\/admin\/terms$/);
  await expect(julien.getByText(termsPage.none)).toBeVisible();

  const box = julien.getByLabel('Terms', { exact: true });
  // Each version is typed once the form is awake and not busy: a post sent before the page wakes is answered as
  // without JavaScript, and words typed while a post is under way go with the form its answer replaces. Words typed
  // before the page wakes are kept (the last step below).
  const ready = async () => {
    const form = julien.locator('form', { has: box });
    await expect.poll(() => hydrated(form)).toBe(true);
    await expect(form).toHaveAttribute('aria-busy', 'false');
  };
  await ready();
  await box.fill('Commission: 2.5% of the sale price.\n\nPaid at closing,\nthrough escrow.');
  await julien.getByRole('button', { name: termsPage.publish.submit }).click();
  await expect(julien.getByRole('status').filter({ hasText: termsPage.saved.published(1) })).toBeVisible();
  const current = julien.locator('section', { has: julien.getByRole('heading', { level: 2, name: 'Version 1' }) });
  await expect(current.locator('p')).toHaveText([/^Published /, 'Commission: 2.5% of the sale price.', 'Paid at closing,\nthrough escrow.']);

  await ready();
  await julien.getByLabel('Terms', { exact: true }).fill('Commission: 3% of the sale price.\n\nPaid at closing.');
  await julien.getByRole('button', { name: termsPage.publish.submit }).click();
  await expect(julien.getByRole('status').filter({ hasText: termsPage.saved.published(2) })).toBeVisible();
  await expect(julien.getByRole('heading', { level: 2, name: 'Version 2' })).toBeVisible();
  const versions = julien.locator('section', { has: julien.getByRole('heading', { name: 'Versions' }) }).getByRole('listitem');
  await expect(versions).toHaveCount(2);
  await expect(versions.nth(0)).toContainText('Version 2 (current)');
  await expect(versions.nth(0)).toContainText(`by ${JULIEN.name}`);
  await expect(versions.nth(1)).toContainText('Version 1');
  await expect(versions.nth(1)).toContainText(`by ${JULIEN.name}`);

  // Markup: refused, the text kept, nothing published.
  const markup = 'Commission: <b>3%</b>.\n\n<script>alert(1)</script>';
  await ready();
  await julien.getByLabel('Terms', { exact: true }).fill(markup);
  await julien.getByRole('button', { name: termsPage.publish.submit }).click();
  await expect(julien.getByRole('status').filter({ hasText: termsPage.answers.markup })).toBeVisible();
  await expect(julien.getByLabel('Terms', { exact: true })).toHaveValue(markup);
  await julien.reload();
  await expect(versions).toHaveCount(2);

  // A "<" before a digit is text, and shown as such.
  await ready();
  await julien.getByLabel('Terms', { exact: true }).fill('Sales <5 acres: 3%.');
  await julien.getByRole('button', { name: termsPage.publish.submit }).click();
  await expect(julien.getByRole('status').filter({ hasText: termsPage.saved.published(3) })).toBeVisible();
  const third = julien.locator('section', { has: julien.getByRole('heading', { level: 2, name: 'Version 3' }) });
  await expect(third.getByRole('paragraph').filter({ hasText: 'Sales <5 acres: 3%.' })).toHaveText('Sales <5 acres: 3%.');

  // The same text again would ask every broker to accept for nothing.
  await julien.getByRole('button', { name: termsPage.publish.submit }).click();
  await expect(julien.getByRole('status').filter({ hasText: termsPage.answers.same })).toBeVisible();
  await expect(versions).toHaveCount(3);

  // Words typed into the box before the page is awake (its scripts held back here until they are) are the words sent.
  let letIn = () => {};
  const held = new Promise<void>((resolve) => (letIn = resolve));
  await julien.route('**/_next/static/chunks/**', async (route) => {
    await held;
    await route.continue();
  });
  await julien.reload();
  const early = julien.getByLabel('Terms', { exact: true });
  await expect(early).toHaveValue('Sales <5 acres: 3%.');
  await early.fill('Typed before the page woke: 2% of the sale price.');
  expect(await hydrated(early)).toBe(false);
  letIn();
  await expect.poll(() => hydrated(early)).toBe(true);
  await expect(early).toHaveValue('Typed before the page woke: 2% of the sale price.');
  await julien.unroute('**/_next/static/chunks/**');
  await julien.getByRole('button', { name: termsPage.publish.submit }).click();
  await expect(julien.getByRole('status').filter({ hasText: termsPage.saved.published(4) })).toBeVisible();
  await expect(julien.getByRole('paragraph').filter({ hasText: 'Typed before the page woke' })).toHaveText('Typed before the page woke: 2% of the sale price.');
});

test('a broker finds neither page; the team’s answers are never stored', async ({ request, server, stack }) => {
  const broker = withSession(await openSession(stack, MARCUS));
  const member = withSession(await openSession(stack, JULIEN));
  for (const path of ['/admin/estates', '/admin/terms']) {
    const refused = await request.get(`${server.url}${path}`, { headers: broker, maxRedirects: 0 });
    expect(refused.status(), path).toBe(404);
    expect(await refused.text()).not.toContain(path === '/admin/estates' ? estatesPage.intro : termsPage.intro);

    const page = await request.get(`${server.url}${path}`, { headers: member, maxRedirects: 0 });
    expect(page.status(), path).toBe(200);
    expect(page.headers()['cache-control'], path).toContain('no-store');
    expect(await page.text()).toContain('<meta name="robots" content="noindex, nofollow"/>');
  }
});
