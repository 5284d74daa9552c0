import type { Page } from '@playwright/test';
import type { PostgrestStack } from '@/__tests__/support/postgrest-stack';
import { AVA, MARCUS, NADIA, openSession, signedInPage, withSession, type Person } from './support/accounts';
import { expect, test } from './support/fixtures';

// The team's view of its brokers (/admin/brokers) on the production build: every broker with their figures, at a
// phone's width and a desk's, and ending a broker's access there, which ends it everywhere at once.

// The page's words, written out rather than imported from lib/content.ts, so that a change there shows here.
const copy = {
  heading: 'Brokers',
  intro: 'Every broker with portal access, or whose access has ended: the terms they accepted, what they downloaded and their client registrations. Ending access signs them out everywhere at once.',
  revoke: (name: string) => `End portal access for ${name}`,
  restore: (name: string) => `Give portal access back for ${name}`,
  revoked: (name: string) => `${name}’s portal access ended: they are signed out everywhere.`,
  restored: (name: string) => `${name}’s portal access is given back, with a new invitation.`,
};

const idOf = async (stack: PostgrestStack, person: Person) =>
  (await stack.query<{ id: string }>('select id from private.accounts where email = $1', [person.email]))[0]!.id;

/** A broker approved as the team approves one: their request, and the account the decision makes from it. */
async function approve(stack: PostgrestStack, owner: string, person: Person): Promise<{ account: string; lead: string }> {
  const [lead] = await stack.query<{ id: string }>('insert into broker_requests (full_name, email, brokerage) values ($1, $2, $3) returning id', [
    person.name,
    person.email,
    person.brokerage,
  ]);
  await stack.query(
    "select public.decide_broker($1, $2, 'approved', false, gen_random_uuid(), encode(sha256(convert_to(gen_random_uuid()::text, 'UTF8')), 'hex'), now())",
    [owner, lead!.id],
  );
  return { account: await idOf(stack, person), lead: lead!.id };
}

/**
 * Both brokers, with figures of their own. Marcus: signed in on 20 November, accepted version 1 of the terms
 * (version 2 came after), three downloads, two buyers registered. Nadia: never signed in, accepted version 2,
 * no download, one registration under review (a buyer Marcus holds).
 */
async function twoBrokers(stack: PostgrestStack) {
  await openSession(stack, AVA);
  const owner = await idOf(stack, AVA);
  const marcus = await approve(stack, owner, MARCUS);
  const nadia = await approve(stack, owner, NADIA);
  await stack.query("update private.accounts set last_sign_in_at = '2026-11-20T15:30:00Z' where id = $1", [marcus.account]);
  // Both accept version 1, which opens the portal to them; version 2 comes after their downloads and registrations.
  await stack.query("select public.terms_publish($1, 'Commission: 2.5% of the contract price.', now())", [owner]);
  await stack.query('select public.terms_accept($1, 1, now())', [marcus.account]);
  await stack.query('select public.terms_accept($1, 1, now())', [nadia.account]);
  for (const [kind, minutesAgo] of [['price_list', 30], ['brochure', 20], ['price_list', 10]] as const) {
    await stack.query(`select public.portal_record_download($1, $2, now() - make_interval(mins => $3))`, [marcus.account, kind, minutesAgo]);
  }
  const register = (broker: string, name: string, email: string) => stack.query('select public.register_buyer($1, $2, $3, null, null, now())', [broker, name, email]);
  await register(marcus.account, 'Eleanor Whitfield', 'eleanor@whitfield.example');
  await register(marcus.account, 'Theodore Crane', 'theo@crane.example');
  await register(nadia.account, 'Eleanor Whitfield', 'eleanor@whitfield.example');
  await stack.query("select public.terms_publish($1, 'Commission: 3% of the contract price.', now())", [owner]);
  await stack.query('select public.terms_accept($1, 2, now())', [nadia.account]);
  return { marcus, nadia };
}

/** A broker's entry: a row of the table on a desk, a card on a phone. */
const entryOf = (page: Page, person: Person) => page.locator('tbody tr', { hasText: person.email });
const count = (page: Page, person: Person, status: string) => entryOf(page, person).locator('dl > div', { has: page.locator('dt', { hasText: status }) }).locator('dd');

test.beforeEach(({ stack }) => stack.reset());

for (const width of [390, 1440]) {
  test(`at ${width} px the team finds the brokers page and reads each broker's figures, nothing scrolling sideways`, async ({ browser, baseURL, stack }) => {
    const { marcus, nadia } = await twoBrokers(stack);
    const page = await signedInPage(browser, baseURL!, stack, AVA, width);
    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Brokers', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/brokers$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(copy.heading);
    await expect(page.getByText(copy.intro)).toBeVisible();
    await expect(page.locator('tbody tr')).toHaveCount(2);

    const marcusEntry = entryOf(page, MARCUS);
    await expect(marcusEntry).toContainText(MARCUS.name);
    await expect(marcusEntry).toContainText('Hale Realty');
    await expect(marcusEntry).toContainText('Active');
    await expect(marcusEntry).toContainText('Nov 20, 2026, 10:30 AM EST');
    await expect(marcusEntry).toContainText('Version 1');
    await expect(marcusEntry).toContainText('Not the latest: asked to accept again');
    await expect(count(page, MARCUS, 'Registered')).toHaveText('2');
    await expect(count(page, MARCUS, 'Under review')).toHaveText('0');
    await expect(count(page, MARCUS, 'Declined')).toHaveText('0');
    // The downloads, newest first.
    await marcusEntry.getByText('3 downloads').click();
    await expect(marcusEntry.locator('details li')).toHaveText([/^Price list /, /^Brochure /, /^Price list /]);
    await expect(marcusEntry.getByRole('link', { name: `Their request for ${MARCUS.name}` })).toHaveAttribute('href', `/admin/leads/${marcus.lead}`);
    await expect(marcusEntry.getByRole('button', { name: copy.revoke(MARCUS.name) })).toBeVisible();

    const nadiaEntry = entryOf(page, NADIA);
    await expect(nadiaEntry).toContainText('Okafor Estates');
    await expect(nadiaEntry).toContainText('Version 2');
    await expect(nadiaEntry).not.toContainText('Not the latest');
    await expect(nadiaEntry).toContainText('Not yet');
    await expect(nadiaEntry).toContainText('None yet');
    await expect(count(page, NADIA, 'Registered')).toHaveText('0');
    await expect(count(page, NADIA, 'Under review')).toHaveText('1');
    await expect(nadiaEntry.getByRole('link', { name: `Their request for ${NADIA.name}` })).toHaveAttribute('href', `/admin/leads/${nadia.lead}`);

    // Readable at this width: nothing scrolls sideways, and each entry fits the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    for (const person of [MARCUS, NADIA]) {
      const box = (await entryOf(page, person).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
    }
    await page.context().close();
  });
}

test('access ended on the brokers page ends that broker’s open session at once: no portal, no price list, no brochure', async ({ browser, baseURL, request, stack }) => {
  const { marcus } = await twoBrokers(stack);
  const marcusSession = withSession(await openSession(stack, MARCUS));
  const nadiaSession = withSession(await openSession(stack, NADIA));
  const get = (path: string, headers: Record<string, string>) => request.get(`${baseURL}${path}`, { headers, maxRedirects: 0 });
  const downloads = async () => (await stack.query<{ n: number }>('select count(*)::int as n from private.portal_downloads where account_id = $1', [marcus.account]))[0]!.n;

  // Open, before: the portal and both documents (Marcus accepted version 1; the latest is 2, so the portal asks him to accept it).
  await stack.query('select public.terms_accept($1, 2, now())', [marcus.account]);
  expect((await get('/portal', marcusSession)).status()).toBe(200);
  for (const document of ['price-list.pdf', 'brochure.pdf']) {
    const answer = await get(`/portal/${document}`, marcusSession);
    expect(answer.status(), document).toBe(200);
    expect(answer.headers()['content-type'], document).toBe('application/pdf');
  }
  expect(await downloads()).toBe(5);

  const page = await signedInPage(browser, baseURL!, stack, AVA, 1440);
  await page.goto('/admin/brokers');
  await entryOf(page, MARCUS).getByRole('button', { name: copy.revoke(MARCUS.name) }).click();
  await expect(page).toHaveURL(/\/admin\/brokers\?saved=revoke&lead=/);
  await expect(page.getByRole('status').filter({ hasText: copy.revoked(MARCUS.name) })).toBeVisible();
  await expect(entryOf(page, MARCUS)).toContainText('Ended');
  await expect(entryOf(page, MARCUS).getByRole('button', { name: copy.restore(MARCUS.name) })).toBeVisible();
  // Those with access come first.
  await expect(page.locator('tbody tr').first()).toContainText(NADIA.name);

  // The same session, a moment later: sent to sign in, for the page and for each document; nothing recorded.
  for (const path of ['/portal', '/portal/price-list.pdf', '/portal/brochure.pdf']) {
    const answer = await get(path, marcusSession);
    expect({ path, status: answer.status() }).toEqual({ path, status: 307 });
    expect(answer.headers()['location'], path).toBe(`/sign-in?next=${encodeURIComponent(path)}`);
    expect(answer.headers()['content-type'] ?? '', path).not.toContain('application/pdf');
  }
  expect(await downloads()).toBe(5);
  // Only his: Nadia's session goes on.
  expect((await get('/portal', nadiaSession)).status()).toBe(200);

  // Given back: a new invitation, and the ended session stays ended.
  await entryOf(page, MARCUS).getByRole('button', { name: copy.restore(MARCUS.name) }).click();
  await expect(page.getByRole('status').filter({ hasText: copy.restored(MARCUS.name) })).toBeVisible();
  await expect(entryOf(page, MARCUS)).toContainText('Active');
  expect((await get('/portal', marcusSession)).status()).toBe(307);
  await page.context().close();
});

test('a broker finds no brokers page; the team’s is never stored', async ({ baseURL, request, stack }) => {
  await twoBrokers(stack);
  const broker = withSession(await openSession(stack, MARCUS));
  const refused = await request.get(`${baseURL}/admin/brokers`, { headers: broker, maxRedirects: 0 });
  expect(refused.status()).toBe(404);
  expect(await refused.text()).not.toContain(NADIA.email);

  const team = await request.get(`${baseURL}/admin/brokers`, { headers: withSession(await openSession(stack, AVA)), maxRedirects: 0 });
  expect(team.status()).toBe(200);
  expect(team.headers()['cache-control']).toContain('no-store');
  expect(await team.text()).toContain('<meta name="robots" content="noindex, nofollow"/>');
});
