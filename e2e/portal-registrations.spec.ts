import type { Page } from '@playwright/test';
import type { PostgrestStack } from '@/__tests__/support/postgrest-stack';
import { teamTime } from '@/lib/admin/time';
import { AVA, JULIEN, MARCUS, NADIA, openSession, signedInPage, withSession, type Person } from './support/accounts';
import { expect, test } from './support/fixtures';
import { answer, fill, form, openPortalTo, openPortalToAddresses, publishTerms, row, section, TERMS_V2 } from './support/portal';
import { lookAt } from './support/shots';

// Client registration in the broker portal, on the production build: a broker registers a buyer once the terms
// are accepted, sees their own registrations and renews one in its last 14 days; nobody sees another's.

/** The site's time zone when SITE_TIME_ZONE is not set, as the fixtures' server runs. */
const TIME_ZONE = 'America/New_York';
const ELEANOR = { fullName: 'Eleanor Whitfield', email: 'eleanor.whitfield@gmail.com', phone: '+1 (555) 010-0123', note: 'Met at the open house; a showing of Lot 2 on Saturday.' };

/** A broker signed in at this width, past the terms. */
async function brokerInPortal(browser: Parameters<typeof signedInPage>[0], baseURL: string, stack: PostgrestStack, person: Person, width: number) {
  const page = await signedInPage(browser, baseURL, stack, person, width);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Co-brokerage terms');
  // Before the terms, no registration either.
  await expect(page.getByRole('region', { name: 'Client registration' })).toHaveCount(0);
  await page.getByRole('button', { name: 'I accept these terms' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Broker portal');
  return page;
}

const registrationOf = async (stack: PostgrestStack, person: Person) =>
  (
    await stack.query<{ id: string; status: string; expires_at: Date | null; renewed_at: Date | null }>(
      'select r.id, r.status, r.expires_at, r.renewed_at from private.registrations r join private.accounts a on a.id = r.broker_id where a.email = $1',
      [person.email],
    )
  )[0]!;

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test.beforeEach(({ stack }) => stack.reset());

for (const width of [390, 1440]) {
  test(`at ${width} px: registered with its expiry, the same buyer written otherwise under review for another broker, nobody else’s page, a refusal keeping the entries, and a renewal in the last 14 days`, async ({
    browser,
    baseURL,
    stack,
    server,
  }) => {
    test.setTimeout(90_000);
    await publishTerms(stack);
    const marcus = await brokerInPortal(browser, baseURL!, stack, MARCUS, width);
    await expect(section(marcus).getByText('You have not registered a buyer yet.')).toBeVisible();

    // An address the browser lets through but the server refuses: that field is marked and says why, and every entry stays.
    await fill(marcus, { ...ELEANOR, email: 'eleanor.whitfield@gmail' });
    await expect(answer(marcus)).toHaveText('Please check the entries: each field marked says what it needs.');
    const email = form(marcus).getByLabel('Email');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('Enter the buyer’s email address, such as name@example.com.');
    await expect(email).toHaveValue('eleanor.whitfield@gmail');
    await expect(form(marcus).getByLabel('Full name')).toHaveValue(ELEANOR.fullName);
    await expect(form(marcus).getByLabel('Full name')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(form(marcus).getByLabel('Phone (optional)')).toHaveValue(ELEANOR.phone);
    await expect(form(marcus).getByLabel('Note (optional)')).toHaveValue(ELEANOR.note);
    await expect(email).toBeFocused();
    expect(await noSidewaysScroll(marcus)).toBe(true);
    await lookAt(section(marcus), `registration-${width}-refused`);

    await email.fill(ELEANOR.email);
    await form(marcus).getByRole('button', { name: 'REGISTER BUYER' }).click();
    await expect(answer(marcus)).toContainText('Eleanor Whitfield is registered to you until');
    const registered = await registrationOf(stack, MARCUS);
    expect(registered.status).toBe('registered');
    const until = teamTime(registered.expires_at!.toISOString(), TIME_ZONE);
    await expect(answer(marcus)).toHaveText(`Eleanor Whitfield is registered to you until ${until}. View the registration`);
    // The form is empty for the next buyer; the list has this one.
    await expect(form(marcus).getByLabel('Full name')).toHaveValue('');
    await expect(row(marcus, ELEANOR.fullName)).toContainText('Registered');
    await expect(row(marcus, ELEANOR.fullName)).toContainText(ELEANOR.email);
    await expect(row(marcus, ELEANOR.fullName)).toContainText(until);
    await expect(row(marcus, ELEANOR.fullName).getByRole('button', { name: /Renew/ })).toHaveCount(0);

    // Another broker, the same buyer in capitals and with Gmail's dots moved and a +tag: the team will look at it.
    const nadia = await brokerInPortal(browser, baseURL!, stack, NADIA, width);
    await fill(nadia, { fullName: 'ELEANOR WHITFIELD', email: 'Eleanor.WhitField+aldercrest@GMAIL.com' });
    await expect(answer(nadia)).toContainText('Your registration of ELEANOR WHITFIELD is under review');
    await expect(answer(nadia)).toContainText('Our sales team will look at it, and you will hear from us by email.');
    await expect(row(nadia, 'ELEANOR WHITFIELD')).toContainText('Under review');
    await lookAt(section(nadia), `registration-${width}-review`);
    // Nadia sees hers alone.
    await expect(section(nadia).getByRole('table', { name: 'Your registrations' }).locator('tbody tr')).toHaveCount(1);
    const hers = await registrationOf(stack, NADIA);
    expect(hers.status).toBe('under_review');

    // Her registration's page is hers: to Marcus, the same 404 as an unknown or malformed id.
    const own = await marcus.goto(`/portal/registrations/${registered.id}`);
    expect(own!.status()).toBe(200);
    expect(own!.headers()['cache-control']).toBe('no-store');
    expect(own!.headers()['x-robots-tag']).toBe('noindex, nofollow');
    await expect(marcus.getByRole('heading', { level: 1 })).toHaveText(ELEANOR.fullName);
    await expect(marcus.getByRole('main')).toContainText(ELEANOR.note);
    await expect(marcus.getByRole('main')).toContainText(ELEANOR.phone);
    expect(await noSidewaysScroll(marcus)).toBe(true);
    for (const id of [hers.id, crypto.randomUUID(), 'not-a-registration', `${registered.id}x`]) {
      const refused = await marcus.goto(`/portal/registrations/${id}`);
      expect(refused!.status()).toBe(404);
      expect(refused!.headers()['cache-control']).toBe('no-store');
      expect(refused!.headers()['x-robots-tag']).toBe('noindex, nofollow');
      await expect(marcus.getByText('ELEANOR WHITFIELD')).toHaveCount(0);
    }
    const nadiaOwn = await nadia.goto(`/portal/registrations/${hers.id}`);
    expect(nadiaOwn!.status()).toBe(200);
    await expect(nadia.getByRole('main')).toContainText('Under review');
    // The team declines it: Nadia reads it, with the team's reason, in her list and on its page.
    const [owner] = await stack.query<{ id: string }>('select id from private.accounts where email = $1', [AVA.email]);
    await stack.query("select public.decide_registration($1, $2, 'declined', $3, false, now())", [owner!.id, hers.id, 'Marcus Hale introduced this buyer first.']);
    await nadia.reload();
    await expect(nadia.getByRole('main')).toContainText('Declined');
    await expect(nadia.getByRole('main')).toContainText('Marcus Hale introduced this buyer first.');
    await nadia.goto('/portal#client-registration');
    await expect(row(nadia, 'ELEANOR WHITFIELD')).toContainText('Declined');
    await expect(row(nadia, 'ELEANOR WHITFIELD')).toContainText('Reason given: Marcus Hale introduced this buyer first.');
    await expect(row(nadia, 'ELEANOR WHITFIELD').getByRole('button')).toHaveCount(0);

    // In its last 14 days: the button, once; renewed, it is gone and 90 days more are shown.
    await stack.query("update private.registrations set expires_at = now() + interval '10 days' where id = $1", [registered.id]);
    await marcus.goto('/portal#client-registration');
    const renew = row(marcus, ELEANOR.fullName).getByRole('button', { name: 'Renew the registration of Eleanor Whitfield' });
    await expect(renew).toBeVisible();
    expect(await noSidewaysScroll(marcus)).toBe(true);
    await lookAt(section(marcus), `registration-${width}`);
    await renew.click();
    await expect(section(marcus).getByText('Renewed: the registration now runs 90 days more from its previous expiry date.')).toBeVisible();
    await expect(row(marcus, ELEANOR.fullName).getByRole('button', { name: /Renew/ })).toHaveCount(0);
    const renewed = await registrationOf(stack, MARCUS);
    expect(renewed.renewed_at).not.toBeNull();
    expect(renewed.expires_at!.getTime() - Date.now()).toBeGreaterThan(99 * 86_400_000);
    await expect(row(marcus, ELEANOR.fullName)).toContainText(teamTime(renewed.expires_at!.toISOString(), TIME_ZONE));
    await expect(row(marcus, ELEANOR.fullName)).toContainText('Renewed');
    await lookAt(section(marcus), `registration-${width}-renewed`);
    await marcus.goto(`/portal/registrations/${registered.id}`);
    await lookAt(marcus, `registration-${width}-page`);

    // The log says what happened by ids, never whom.
    const lines = server.output().split('\n').filter((line) => line.includes('"event":"portal.registration'));
    expect(lines.map((line) => JSON.parse(line).outcome)).toEqual(expect.arrayContaining(['refused', 'registered', 'under_review', 'renewed']));
    for (const line of lines) expect(line).not.toMatch(/whitfield|eleanor|saturday/i);
    await marcus.context().close();
    await nadia.context().close();
  });
}

test('without JavaScript a broker registers a buyer; the team sees a sentence instead of the form and no registration’s page', async ({ browser, baseURL, stack }) => {
  const token = await openSession(stack, MARCUS);
  await openPortalToAddresses(stack, MARCUS.email);
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, extraHTTPHeaders: withSession(token), viewport: { width: 360, height: 800 } });
  const page = await context.newPage();
  await page.goto('/portal');
  await fill(page, { fullName: 'Theodore Crane', email: 'theo@crane.example', phone: '555 020 0456' });
  await expect(answer(page)).toContainText('Theodore Crane is registered to you until');
  await expect(row(page, 'Theodore Crane')).toContainText('Registered');
  expect(await noSidewaysScroll(page)).toBe(true);
  const { id } = await registrationOf(stack, MARCUS);
  await context.close();

  const julien = await openSession(stack, JULIEN);
  const portal = await (await browser.newContext({ baseURL, extraHTTPHeaders: withSession(julien) })).newPage();
  await portal.goto('/portal');
  await expect(section(portal)).toContainText('As a member of the sales team you see the portal as brokers do, and do not register clients.');
  await expect(section(portal).getByRole('form')).toHaveCount(0);
  expect((await portal.goto(`/portal/registrations/${id}`))!.status()).toBe(404);
  await portal.context().close();
});

test('before the latest terms are accepted, a registration’s page sends the broker to the terms', async ({ request, stack }) => {
  const token = await openSession(stack, MARCUS);
  const [marcus] = await stack.query<{ id: string }>('select id from private.accounts where email = $1', [MARCUS.email]);
  await openPortalTo(stack, marcus!.id);
  const [registration] = await stack.query<{ id: string }>(
    `select (public.register_buyer($1, 'Theodore Crane', 'theo@crane.example', null, null, now()) ->> 'id') as id`,
    [marcus!.id],
  );
  expect((await request.get(`/portal/registrations/${registration!.id}`, { headers: withSession(token), maxRedirects: 0 })).status()).toBe(200);
  await publishTerms(stack, TERMS_V2);
  const gated = await request.get(`/portal/registrations/${registration!.id}`, { headers: withSession(token), maxRedirects: 0 });
  expect(gated.status()).toBe(307);
  expect(gated.headers().location).toMatch(/\/portal$/);
});
