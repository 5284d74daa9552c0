import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { PostgrestStack } from '@/__tests__/support/postgrest-stack';
import type { TestRelay } from '@/__tests__/support/smtp';
import { AVA, JULIEN, MARCUS, NADIA, openSession, signedInPage, withSession, type Person } from './support/accounts';
import { expect, test } from './support/fixtures';
import { openPortalTo } from './support/portal';
import { lookAt, SHOTS_DIR } from './support/shots';

// Client registrations as the team decides them: the list (/admin/registrations), each one's review beside what
// it conflicts with, the decision and the broker's email, and the prospect inquiry's page pointing to them.

// The pages' words, written out rather than imported from lib/content.ts, so that a change there shows here.
const copy = {
  intro:
    'Buyers brokers have registered as their clients. One that meets a buyer who wrote to us, or another broker’s registration, waits here for a decision; the broker is told what you decide.',
  tableLabel: 'Registrations, those under review first',
  reasonRequired: 'Please give the reason to decline: the broker is shown it and emailed it.',
  tooLong: 'The reason is 1,001 characters long: at most 1,000 fit. Please shorten it.',
  declined: 'Declined. The broker is being emailed the reason.',
  registered: 'Registered. The broker is being emailed.',
  subject: 'Your client registration at Aldercrest Estates',
};

const SHOTS = SHOTS_DIR;

test.use({ serverKind: 'mail' });

let stackOf: PostgrestStack;
test.beforeEach(async ({ stack }) => {
  stackOf = stack;
  await stack.reset();
});

/** A broker's account, as approval makes it. */
async function brokerAccount(person: Person): Promise<string> {
  const [account] = await stackOf.query<{ id: string }>(
    `insert into private.accounts (email, name, role, brokerage) values ($1, $2, 'broker', $3)
     on conflict (email) do update set status = 'active' returning id`,
    [person.email, person.name, person.brokerage ?? null],
  );
  return account!.id;
}

/** A registration as the portal makes it, through the store's own function, some days ago. */
async function register(broker: string, buyer: { name: string; email: string; phone: string | null; note: string | null }, daysAgo: number) {
  await openPortalTo(stackOf, broker);
  const [row] = await stackOf.query<{ registration: { id: string; status: string } }>(
    `select public.register_buyer($1, $2, $3, $4, $5, now() - make_interval(days => $6)) as registration`,
    [broker, buyer.name, buyer.email, buyer.phone, buyer.note, daysAgo],
  );
  return row!.registration;
}

const status = async (id: string) =>
  (await stackOf.query<{ status: string; reason: string | null; decided_at: Date | null; expires_at: Date | null; decided_by: string | null }>(
    'select status, reason, decided_at, expires_at, decided_by from private.registrations where id = $1',
    [id],
  ))[0]!;

/** Eleanor wrote to us ten days ago; Marcus registers her since (under review). Nadia registered Theo first; Marcus registers him too (under review). */
async function scene() {
  const [inquiry] = await stackOf.query<{ id: string }>(
    "insert into prospect_inquiries (full_name, email, phone, created_at) values ('Eleanor Whitfield', 'eleanor.whitfield@example.com', '+1 555 010 0199', now() - interval '10 days') returning id",
  );
  const marcus = await brokerAccount(MARCUS);
  const nadia = await brokerAccount(NADIA);
  const eleanor = await register(marcus, { name: 'Eleanor Whitfield', email: 'Eleanor.Whitfield@example.com', phone: '555-010-0199', note: 'Met her at the open house on Saturday.' }, 2);
  const theoFirst = await register(nadia, { name: 'Theo Marsh', email: 'theo.marsh@example.com', phone: null, note: null }, 5);
  const theo = await register(marcus, { name: 'Theodore Marsh', email: 'Theo.Marsh@example.com', phone: '+1 555 010 0123', note: null }, 1);
  expect([eleanor.status, theoFirst.status, theo.status]).toEqual(['under_review', 'registered', 'under_review']);
  return { inquiry: inquiry!.id, eleanor: eleanor.id, theoFirst: theoFirst.id, theo: theo.id };
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

const shot = (page: Page, name: string) => lookAt(page, name);

/** The email to this address about the registration of this buyer, once it has come. */
async function decisionEmail(relay: TestRelay, to: string, buyer: string, after: number) {
  let found: TestRelay['received'][number] | undefined;
  const about = (mail: TestRelay['received'][number]) => mail.envelope.to.includes(to) && mail.parsed.subject === copy.subject && (mail.parsed.text ?? '').includes(buyer);
  await expect.poll(() => (found = relay.received.slice(after).findLast(about)), { timeout: 20_000 }).toBeTruthy();
  return found!;
}

const rowOf = (page: Page, buyer: string) =>
  page.getByRole('region', { name: copy.tableLabel }).getByRole('row').filter({ has: page.getByRole('rowheader', { name: buyer, exact: true }) });

for (const width of [390, 1440]) {
  test(`at ${width} px the team reviews both sides, declines with a reason (emailed to the broker), registers another, and finds it from the inquiry`, async ({ browser, server, relay }) => {
    const ids = await scene();
    const mailsBefore = relay.received.length;
    const ava = await signedInPage(browser, server.url, stackOf, AVA, width);

    // From any team page: the link, with how many wait.
    await ava.goto('/admin');
    const link = ava.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: /^Registrations/ });
    await expect(link).toHaveAccessibleName('Registrations (2 under review)');
    await expect(ava.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'See the portal as brokers do' })).toHaveAttribute('href', '/portal');
    await link.click();
    await expect(ava).toHaveURL(/\/admin\/registrations$/);
    await expect(ava.getByRole('heading', { level: 1 })).toHaveText('Client registrations');

    // Those under review first, newest first; then the rest.
    const rows = ava.getByRole('region', { name: copy.tableLabel }).getByRole('row');
    await expect(rows.getByRole('rowheader')).toHaveText(['Theodore Marsh', 'Eleanor Whitfield', 'Theo Marsh']);
    await expect(rowOf(ava, 'Eleanor Whitfield')).toContainText('Marcus Hale');
    await expect(rowOf(ava, 'Eleanor Whitfield')).toContainText('Hale Realty');
    await expect(rowOf(ava, 'Eleanor Whitfield')).toContainText('Under review');
    await expect(rowOf(ava, 'Theo Marsh')).toContainText('Okafor Estates');
    await expect(rowOf(ava, 'Theo Marsh')).toContainText('Registered');
    await noSidewaysScroll(ava);
    await shot(ava, `list-${width}`);

    // Filtered by status, with plain links.
    const filters = ava.getByRole('navigation', { name: 'Show' });
    await filters.getByRole('link', { name: 'Declined' }).click();
    await expect(ava).toHaveURL(/status=declined$/);
    await expect(ava.getByText('No registrations are declined.')).toBeVisible();
    await filters.getByRole('link', { name: /^Under review/ }).click();
    await expect(rows.getByRole('rowheader')).toHaveText(['Theodore Marsh', 'Eleanor Whitfield']);

    // Both sides on one page.
    await rowOf(ava, 'Eleanor Whitfield').getByRole('link', { name: 'Eleanor Whitfield' }).click();
    await expect(ava).toHaveURL(`${server.url}/admin/registrations/${ids.eleanor}`);
    await expect(ava.getByRole('heading', { level: 1 })).toHaveText('Eleanor Whitfield');
    const mine = ava.getByRole('region', { name: 'Marcus Hale registered them' });
    for (const fact of ['Marcus Hale', 'Hale Realty', 'marcus@hale.realty', 'Eleanor.Whitfield@example.com', '555-010-0199', 'Met her at the open house on Saturday.', 'Under review']) {
      await expect(mine).toContainText(fact);
    }
    const theirs = ava.getByRole('region', { name: 'The buyer wrote to us' });
    for (const fact of ['eleanor.whitfield@example.com', '+1 555 010 0199', 'New', 'Nobody yet']) await expect(theirs).toContainText(fact);
    await expect(theirs.getByRole('link', { name: /Open the inquiry/ })).toHaveAttribute('href', `/admin/leads/${ids.inquiry}`);
    await noSidewaysScroll(ava);
    await shot(ava, `review-${width}`);

    // Declining without a reason: refused, the choice kept, nothing decided.
    const form = ava.getByRole('region', { name: 'Decision' });
    await form.getByRole('radio', { name: /^Decline/ }).check();
    await form.getByRole('button', { name: 'Save decision' }).click();
    await expect(form.getByRole('status')).toHaveText(copy.reasonRequired);
    await expect(form.getByRole('radio', { name: /^Decline/ })).toBeChecked();
    await expect(form.getByLabel('Reason (to decline)')).toHaveAttribute('aria-invalid', 'true');
    expect((await status(ids.eleanor)).status).toBe('under_review');

    // Too long: refused with the text kept, to shorten.
    const long = 'x'.repeat(1001);
    await form.getByLabel('Reason (to decline)').fill(long);
    await form.getByRole('button', { name: 'Save decision' }).click();
    await expect(form.getByRole('status')).toHaveText(copy.tooLong);
    await expect(form.getByLabel('Reason (to decline)')).toHaveValue(long);
    await expect(form.getByRole('radio', { name: /^Decline/ })).toBeChecked();
    if (width === 390) await shot(ava, 'review-refused-390');

    const reason = 'Eleanor wrote to us herself ten days before, and our sales team is already showing her the estates.';
    await form.getByLabel('Reason (to decline)').fill(reason);
    await form.getByRole('button', { name: 'Save decision' }).click();
    await expect(ava).toHaveURL(/\?saved=declined$/);
    await expect(ava.getByRole('status').filter({ hasText: copy.declined })).toBeVisible();
    await expect(form).toContainText(/Declined by Ava Laurent on /);
    await expect(form).toContainText(reason);
    await expect(form.getByRole('button')).toHaveCount(0);
    expect(await status(ids.eleanor)).toMatchObject({ status: 'declined', reason, decided_by: AVA.name, expires_at: null });
    await shot(ava, `decided-${width}`);

    // The broker is told, with the reason as written.
    const mail = await decisionEmail(relay, MARCUS.email, 'Eleanor Whitfield', mailsBefore);
    expect(mail.parsed.text).toContain('is not able to confirm it');
    expect(mail.parsed.text).toContain(reason);
    expect(mail.parsed.html).toContain(reason);
    if (SHOTS && width === 390) {
      const html = path.join(SHOTS, 'decision-email.html');
      writeFileSync(html, String(mail.parsed.html));
      const reader = await browser.newPage({ viewport: { width: 390, height: 844 } });
      await reader.goto(`file://${html}`);
      await reader.screenshot({ path: path.join(SHOTS, 'email-declined-390.png'), fullPage: true });
      await reader.close();
    }

    // Another: Theodore, whom Nadia registered first. Registered, for 90 days from now.
    await ava.goto('/admin/registrations?status=under_review');
    await expect(rows.getByRole('rowheader')).toHaveText(['Theodore Marsh']);
    await expect(ava.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: /^Registrations/ })).toHaveAccessibleName('Registrations (1 under review)');
    await rowOf(ava, 'Theodore Marsh').getByRole('link').click();
    const other = ava.getByRole('region', { name: 'Another broker registered them' });
    for (const fact of ['Nadia Okafor', 'Okafor Estates', 'Registered']) await expect(other).toContainText(fact);
    await expect(other.getByRole('link', { name: /Open that registration/ })).toHaveAttribute('href', `/admin/registrations/${ids.theoFirst}`);
    await ava.getByRole('radio', { name: /^Register/ }).check();
    await ava.getByRole('button', { name: 'Save decision' }).click();
    await expect(ava.getByRole('status').filter({ hasText: copy.registered })).toBeVisible();
    await expect(ava.getByRole('region', { name: 'Decision' })).toContainText(/Registered by Ava Laurent on .*It protects the broker until /);
    const decided = await status(ids.theo);
    expect(decided).toMatchObject({ status: 'registered', reason: null, decided_by: AVA.name });
    expect(decided.expires_at!.getTime() - decided.decided_at!.getTime()).toBe(90 * 86_400_000);
    const confirmed = await decisionEmail(relay, MARCUS.email, 'Theodore Marsh', mailsBefore);
    expect(confirmed.parsed.text).toContain('confirmed');

    // The inquiry's page points to the registration of its buyer.
    await ava.goto(`/admin/leads/${ids.inquiry}`);
    const section = ava.getByRole('region', { name: 'Client registrations' });
    await expect(section.getByRole('link', { name: 'Marcus Hale, Hale Realty' })).toHaveAttribute('href', `/admin/registrations/${ids.eleanor}`);
    await expect(section).toContainText('Declined');
    await noSidewaysScroll(ava);
    await shot(ava, `lead-${width}`);
    await ava.context().close();
  });
}

test('an inquiry nobody registered shows no registrations; an unknown or malformed id is not found; a broker finds none of it', async ({ browser, request, server }) => {
  const ids = await scene();
  const [lone] = await stackOf.query<{ id: string }>("insert into prospect_inquiries (full_name, email, created_at) values ('Ruth Ames', 'ruth@example.com', now()) returning id");
  const member = withSession(await openSession(stackOf, JULIEN));
  const lead = await request.get(`${server.url}/admin/leads/${lone!.id}`, { headers: member });
  expect(lead.status()).toBe(200);
  expect(await lead.text()).not.toContain('Client registrations</h2>');

  for (const id of ['not-an-id', '00000000-0000-4000-8000-000000000000', `${ids.eleanor}x`]) {
    expect((await request.get(`${server.url}/admin/registrations/${id}`, { headers: member, maxRedirects: 0 })).status(), id).toBe(404);
  }

  const broker = withSession(await openSession(stackOf, MARCUS));
  for (const place of ['/admin/registrations', `/admin/registrations/${ids.eleanor}`]) {
    const refused = await request.get(`${server.url}${place}`, { headers: broker, maxRedirects: 0 });
    expect(refused.status(), place).toBe(404);
    const body = await refused.text();
    expect(body).not.toContain(copy.intro);
    expect(body).not.toContain('Eleanor');

    const page = await request.get(`${server.url}${place}`, { headers: member, maxRedirects: 0 });
    expect(page.status(), place).toBe(200);
    expect(page.headers()['cache-control'], place).toContain('no-store');
    expect(await page.text()).toContain('<meta name="robots" content="noindex, nofollow"/>');
  }

  // Without JavaScript the form posts all the same: a refusal comes back with the choice, then the decision is made.
  const context = await browser.newContext({ baseURL: server.url, javaScriptEnabled: false, extraHTTPHeaders: member });
  const page = await context.newPage();
  await page.goto(`/admin/registrations/${ids.theo}`);
  await page.getByRole('radio', { name: /^Decline/ }).check();
  await page.getByLabel('Reason (to decline)').fill('   ');
  const answer = page.waitForResponse((response) => response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Save decision' }).click();
  expect((await answer).status()).toBe(200);
  await expect(page.getByRole('status').filter({ hasText: copy.reasonRequired })).toBeVisible();
  await expect(page.getByRole('radio', { name: /^Decline/ })).toBeChecked();
  await page.getByLabel('Reason (to decline)').fill('Nadia registered him first.');
  await page.getByRole('button', { name: 'Save decision' }).click();
  await expect(page.getByRole('status').filter({ hasText: copy.declined })).toBeVisible();
  expect(await status(ids.theo)).toMatchObject({ status: 'declined', reason: 'Nadia registered him first.', decided_by: JULIEN.name });
  await context.close();

  // The log says what happened, never about whom.
  const lines = server.output().split('\n').filter((line) => line.includes('"event":"registration.'));
  expect(lines.map((line) => JSON.parse(line).event)).toEqual(expect.arrayContaining(['registration.refused', 'registration.decided']));
  for (const line of lines) for (const personal of ['Eleanor', 'Whitfield', 'Theo', 'Marsh', 'Nadia', 'Hale', 'example.com', 'registered him', 'ten days']) expect(line).not.toContain(personal);
});
