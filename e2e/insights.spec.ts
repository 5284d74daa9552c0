import type { Page } from '@playwright/test';
import type { PostgrestStack } from '@/__tests__/support/postgrest-stack';
import { AVA, MARCUS, NADIA, openSession, withSession } from './support/accounts';
import { axeViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { listEstates, openPortalToAddresses, publishTerms } from './support/portal';
import { lookAt } from './support/shots';

// The team's figures on the production build, without a script of their own: every chart drawn on the server with
// its sentence, its table and its CSV; the period and the brokers' order chosen by plain links; private to the team.

const FIGURES = [
  'Leads by form',
  'Leads by source',
  'Speed to lead',
  'The 24-hour promise to brokers',
  'From inquiry to sale',
  'Who tours, by source',
  'Tours',
  'When buyers choose to come',
  'Brokers',
  'The estate now',
  'The estate over the period',
];

/** 30 inquiries of the last 12 days (14 from instagram, 9 from the newsletter, 7 direct), instagram's answered; 4 broker requests; tours, one cancelled; a broker with a registration. */
async function seed(stack: PostgrestStack) {
  await publishTerms(stack);
  await listEstates(stack);
  await openSession(stack, MARCUS);
  await openSession(stack, NADIA);
  await openPortalToAddresses(stack, MARCUS.email, NADIA.email);
  await stack.query(
    `insert into public.prospect_inquiries (full_name, email, created_at, utm_source)
     select 'Buyer ' || n, 'buyer' || n || '@example.com', now() - (n * interval '9 hours'), case when n <= 14 then 'instagram' when n <= 23 then 'newsletter' end
     from generate_series(1, 30) n`,
  );
  await stack.query(
    `insert into public.broker_requests (full_name, email, brokerage, created_at)
     select 'Broker ' || n, 'broker' || n || '@example.com', 'Firm ' || n, now() - (n * interval '1 day') from generate_series(1, 4) n`,
  );
  // A third of the inquiries answered, an hour or more after they came.
  await stack.query(
    `insert into private.lead_activity (lead_id, at, actor, action, from_value, to_value)
     select i.id, i.created_at + (row_number() over (order by i.created_at)) * interval '1 hour', 'Ava Laurent', 'status', 'new', 'contacted'
     from public.prospect_inquiries i where i.utm_source = 'instagram'`,
  );
  await stack.query(
    `insert into private.tours (lead_id, starts_at, ends_at, blocked_until, time_zone, status, seat, created_at, changed_at)
     select i.id, date_trunc('hour', i.created_at) + interval '3 days' + n * interval '2 hours', date_trunc('hour', i.created_at) + interval '3 days' + n * interval '2 hours' + interval '1 hour',
       date_trunc('hour', i.created_at) + interval '3 days' + n * interval '2 hours' + interval '90 minutes', 'America/Los_Angeles',
       case when n % 5 = 0 then 'cancelled' else 'booked' end, 1, i.created_at + interval '1 hour', i.created_at + interval '2 hours'
     from (select id, created_at, row_number() over (order by created_at) as n from public.prospect_inquiries where utm_source is not null) i`,
  );
  const [registration] = await stack.query<{ id: string }>(
    "select (public.register_buyer(a.id, 'Eleanor Whitfield', 'eleanor@example.com', null, null, now() - interval '1 hour') ->> 'id')::uuid as id from private.accounts a where a.email = $1",
    [MARCUS.email],
  );
  await stack.query("select public.place_hold(a.id, e.id, $1, null, now()) from private.accounts a, private.estates e where a.email = $2 and e.lot = 'Lot 1'", [
    registration!.id,
    MARCUS.email,
  ]);
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
/** The page's scripts, whether added yet or still inert in its HTML (server/after-paint.cjs). */
const scriptsOf = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll('script[src], script[data-after-paint]')].map((script) => new URL(script.getAttribute('src') ?? script.getAttribute('data-after-paint')!, location.href).pathname));

test.beforeEach(({ stack }) => stack.reset());

for (const width of [390, 1440]) {
  test(`at ${width} px: every chart with its sentence, its table and its CSV; the period and the brokers’ order by plain links; no script of its own`, async ({
    stack,
    signedIn,
    request,
  }) => {
    test.setTimeout(90_000);
    await seed(stack);
    const ava = await signedIn(AVA, width);
    await ava.goto('/admin');
    const inboxScripts = new Set(await scriptsOf(ava));
    const answer = await ava.goto('/admin/insights?period=4w');
    expect(answer?.headers()['cache-control']).toMatch(/no-store/);
    for (const title of FIGURES) await expect(ava.getByRole('heading', { name: title, exact: true })).toBeVisible();
    // The page carries only what every page of the team's carries.
    expect((await scriptsOf(ava)).filter((script) => !inboxScripts.has(script))).toEqual([]);

    // The figures say what the seed holds: 30 inquiries and 4 broker requests in these four weeks.
    const leads = ava.getByRole('region', { name: 'Leads by form', exact: true });
    await expect(leads.getByRole('table')).toBeVisible();
    const totals = await leads.getByRole('row').evaluateAll((rows) => rows.slice(1).map((row) => [...row.querySelectorAll('td')].map((cell) => Number(cell.textContent))));
    expect(totals.reduce((sum, cells) => sum + cells[0]!, 0)).toBe(30);
    expect(totals.reduce((sum, cells) => sum + cells[1]!, 0)).toBe(4);
    await expect(ava.getByRole('region', { name: 'Leads by source', exact: true })).toContainText('instagram brought the most, 14 leads');
    await expect(ava.getByRole('region', { name: 'The estate now', exact: true })).toContainText('1 of 4 lots sold');
    expect(await noSidewaysScroll(ava)).toBe(true);
    // The charts' words are drawn for the width they are shown at: none under 12 px.
    const smallest = await ava.evaluate(() =>
      Math.min(
        ...[...document.querySelectorAll<SVGTextElement>('main svg text')]
          .filter((text) => text.getClientRects().length > 0)
          .map((text) => parseFloat(getComputedStyle(text).fontSize) * text.getScreenCTM()!.a),
      ),
    );
    expect(smallest).toBeGreaterThanOrEqual(12);
    await lookAt(ava, `insights-${width}`);
    expect(await axeViolations(ava)).toEqual([]);

    // The brokers sort by a link: by holds, Marcus (one) comes first.
    const brokers = ava.getByRole('region', { name: 'Brokers', exact: true });
    await brokers.getByRole('link', { name: 'Holds', exact: true }).click();
    await expect(ava).toHaveURL(/sort=holds/);
    // It returns to its chart: the page opens at the brokers' figure, not where the heights of the charts above it,
    // laid out only as they come near, were guessed.
    await ava.waitForLoadState('load');
    const brokersTop = () => ava.locator('#figure-brokers').evaluate((frame) => Math.round(frame.getBoundingClientRect().top));
    await expect.poll(brokersTop).toBeLessThan(120);
    expect(await brokersTop()).toBeGreaterThanOrEqual(0);
    await expect(brokers.getByRole('link', { name: 'Holds', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(brokers.getByRole('row').nth(1)).toContainText('Marcus Hale');
    // The same chart named by hand on a page opened at its top (its address typed): brought into view where it is.
    await ava.goto('/admin/insights');
    await ava.evaluate(() => (location.hash = 'figure-brokers'));
    await expect.poll(brokersTop).toBeLessThan(120);
    expect(await brokersTop()).toBeGreaterThanOrEqual(0);
    // Another period by a link.
    await ava.getByRole('link', { name: '12 months' }).click();
    await expect(ava.getByRole('link', { name: '12 months' })).toHaveAttribute('aria-current', 'page');
    await expect(ava.getByRole('region', { name: 'Leads by form', exact: true }).getByRole('row')).toHaveCount(13);

    // Its CSV: the table's columns and rows, kept by no cache.
    const token = await openSession(stack, AVA);
    const csv = await request.get('/admin/insights/csv/sources?period=4w', { headers: withSession(token) });
    expect(csv.status()).toBe(200);
    expect(csv.headers()).toMatchObject({ 'content-type': 'text/csv; charset=utf-8', 'cache-control': 'no-store' });
    const lines = (await csv.text()).replace(/^\uFEFF/, '').trim().split('\r\n');
    // Sources by leads: instagram 14, Direct 11 (7 inquiries and the 4 broker requests), the newsletter 9.
    expect(lines[0]).toBe('"Week","instagram","Direct","newsletter"');
    expect(lines).toHaveLength(5);

    // On paper, each chart has a page of its own.
    await ava.emulateMedia({ media: 'print' });
    expect(await ava.locator('#figure-speed').evaluate((frame) => getComputedStyle(frame).breakBefore)).toBe('page');
  });
}

test('a broker finds neither the figures nor their files; a stranger is sent to sign in', async ({ stack, request }) => {
  // First, before any session's cookie is kept by this client.
  const stranger = await request.get('/admin/insights?period=4w', { maxRedirects: 0 });
  expect(stranger.status()).toBe(307);
  expect(stranger.headers()['location']).toBe('/sign-in?next=%2Fadmin%2Finsights%3Fperiod%3D4w');
  expect((await request.get('/admin/insights/csv/leads', { maxRedirects: 0 })).status()).toBe(404);
  const marcus = await openSession(stack, MARCUS);
  const page = await request.get('/admin/insights', { headers: withSession(marcus), maxRedirects: 0 });
  expect([303, 307, 404]).toContain(page.status());
  const file = await request.get('/admin/insights/csv/leads', { headers: withSession(marcus) });
  expect(file.status()).toBe(404);
  expect(await file.text()).not.toContain('Week');
  const ava = await openSession(stack, AVA);
  expect((await request.get('/admin/insights/csv/nothing', { headers: withSession(ava) })).status()).toBe(404);
});
