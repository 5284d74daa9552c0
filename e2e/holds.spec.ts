import type { Page } from '@playwright/test';
import type { PostgrestStack } from '@/__tests__/support/postgrest-stack';
import { PLAN_SHAPE_IDS, planShape } from '@/lib/holds/site-plan';
import { AVA, MARCUS, NADIA, openSession, withSession, type Person } from './support/accounts';
import { expect, test } from './support/fixtures';
import { estateCard, listEstates, openPortalToAddresses, publishTerms, textOf } from './support/portal';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { axeViolations } from './support/axe';
import { lookAt, SHOTS_DIR } from './support/shots';

// Holds and reservations on the production build, without a script: a broker holds a lot from the portal's plan and
// list, every other broker sees it On hold (page and price list) and never whose; the team reserves it with its
// deposit, a refusal keeping what was typed; a post from another site changes nothing.

const ELEANOR = { fullName: 'Eleanor Whitfield', email: 'eleanor.whitfield@gmail.com' };
/** The estates page's answer to a status set by hand on a held lot, written out (lib/copy/team-brokers.ts). */
const CLAIMED =
  'This lot is on hold or reserved, and its status follows the hold: move it on or end it on the lot’s own page. Its other details and its price can be changed here. Nothing was saved.';

/** The test's estates on the plan: Lot 1 available, 2 reserved, 3 under contract, 10 sold, each on a shape of its own. */
async function lotsOnThePlan(stack: PostgrestStack) {
  await publishTerms(stack);
  await listEstates(stack);
  for (const [index, lot] of ['Lot 1', 'Lot 2', 'Lot 3', 'Lot 10'].entries()) {
    await stack.query('update private.estates set plan_shape = $1 where lot = $2', [PLAN_SHAPE_IDS[index], lot]);
  }
  const [lot1] = await stack.query<{ id: string }>("select id from private.estates where lot = 'Lot 1'");
  return lot1!.id;
}

/** A registration of Eleanor to Marcus, active. */
async function eleanorFor(stack: PostgrestStack, person: Person) {
  await openSession(stack, person);
  await openPortalToAddresses(stack, person.email);
  const [row] = await stack.query<{ id: string }>(
    "select (public.register_buyer(a.id, $2, $3, null, null, now() - interval '1 hour') ->> 'id')::uuid as id from private.accounts a where a.email = $1",
    [person.email, ELEANOR.fullName, ELEANOR.email],
  );
  return row!.id;
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test.beforeEach(({ stack }) => stack.reset());

for (const width of [390, 1440]) {
  test(`at ${width} px: a broker holds a lot from the plan and the list; another sees it On hold on the page and the price list, never whose`, async ({ stack, signedIn, request }) => {
    test.setTimeout(90_000);
    const lot1 = await lotsOnThePlan(stack);
    await eleanorFor(stack, MARCUS);
    await openSession(stack, NADIA);
    await openPortalToAddresses(stack, MARCUS.email, NADIA.email);

    const marcus = await signedIn(MARCUS, width);
    await marcus.goto('/portal');
    const plan = marcus.getByRole('figure', { name: /site plan/i });
    const shape = planShape(PLAN_SHAPE_IDS[0]!)!;
    const onPlan = plan.getByRole('link', { name: `Lot 1, ${shape.name}, available, $8,950,000` });
    await expect(onPlan).toHaveAttribute('href', `#lot-${lot1}`);
    await expect(plan.getByRole('link', { name: new RegExp(`^Lot 10, .*, sold, \\$7,400,000$`) })).toBeVisible();
    expect(await noSidewaysScroll(marcus)).toBe(true);
    await lookAt(marcus, `holds-portal-${width}`);

    // The plan's lot opens its line; its button holds it for the client chosen above the list, and not before one is.
    await onPlan.click();
    const line = marcus.locator(`#lot-${lot1}`);
    const hold = line.getByRole('button', { name: 'Hold this lot (Lot 1)' });
    const client = marcus.getByLabel('Hold lots for');
    await hold.click();
    await expect(client).toBeFocused();
    expect(await stack.query('select count(*)::int as n from private.lot_claims')).toEqual([{ n: 0 }]);
    await client.selectOption({ label: ELEANOR.fullName });
    await hold.click();
    await expect(marcus.locator(`#lot-${lot1}`).getByRole('status')).toHaveText('The lot is on hold for your client. Every broker now sees it as On hold.');
    await expect(marcus.locator(`#lot-${lot1}`)).toContainText(`Held for ${ELEANOR.fullName} until`);
    // Lot 1 was the one lot to hold: no client is asked for now, and the count of holds is said.
    await expect(client).toHaveCount(0);
    await expect(marcus.locator('#availability')).toContainText('You hold 1 of the');
    await expect(marcus.getByRole('link', { name: new RegExp(`^Lot 1, ${shape.name}, on hold,`) })).toBeVisible();
    await lookAt(marcus, `holds-portal-held-${width}`);
    expect(await axeViolations(marcus)).toEqual([]);

    // Nadia sees it On hold, on the page and in the price list, and nothing of whose.
    const nadia = await signedIn(NADIA, width);
    await nadia.goto('/portal');
    const nadiaLine = nadia.locator(`#lot-${lot1}`);
    await expect(nadiaLine).toContainText('On hold');
    await expect(nadia.locator('main')).not.toContainText(ELEANOR.fullName);
    await expect(nadiaLine.getByRole('button', { name: 'Hold this lot' })).toHaveCount(0);
    const token = await openSession(stack, NADIA);
    const list = await request.get('/portal/price-list.pdf', { headers: withSession(token) });
    expect(list.status()).toBe(200);
    const pdf = await list.body();
    if (SHOTS_DIR) writeFileSync(path.join(SHOTS_DIR, `holds-price-list-${width}.pdf`), pdf);
    const words = textOf(pdf);
    expect(words).toMatch(/Lot 1 .*On hold/);
    expect(words).not.toContain(ELEANOR.fullName);

    // While it is held, the team cannot set its status by hand (its release would undo it): the choice is kept.
    if (width === 390) {
      const ava = await signedIn(AVA, width);
      await ava.goto('/admin/estates');
      const status = (await estateCard(ava, 'Lot 1')).locator('form').first();
      await status.getByLabel('Status').selectOption({ label: 'Sold' });
      await status.getByRole('button', { name: 'Save status and price' }).click();
      await expect(ava.getByRole('status').filter({ hasText: CLAIMED })).toBeVisible();
      await expect(status.getByLabel('Status')).toHaveValue('sold');
      await lookAt(ava, 'holds-status-refused-390');
    }
  });
}

test('the team reserves a held lot with its deposit: a refusal keeps every entry; each step on the lot’s page and the lead’s way', async ({ stack, signedIn }) => {
  test.setTimeout(90_000);
  const lot1 = await lotsOnThePlan(stack);
  const registration = await eleanorFor(stack, MARCUS);
  const ava = await signedIn(AVA, 1440);
  await ava.goto(`/admin/registrations/${registration}`);
  await ava.getByLabel('Lot').selectOption({ label: 'Lot 1' });
  await ava.getByRole('button', { name: 'Place hold' }).click();
  await expect(ava).toHaveURL(new RegExp(`/admin/estates/${lot1}`));
  await expect(ava.getByRole('status').first()).toHaveText('The lot is on hold.');

  const reserve = ava.getByRole('group', { name: 'Turn the hold into a reservation' });
  await reserve.getByLabel('Deposit, US dollars').fill('nine hundred thousand');
  await reserve.getByLabel('Due on').fill('2099-03-10');
  await reserve.getByLabel('How it was paid').fill('Wire transfer');
  await ava.getByRole('button', { name: 'Reserve with deposit' }).click();
  await expect(ava.locator('#claim-said')).toHaveText('Enter the deposit as an amount of US dollars, such as 937,500.');
  const amount = ava.getByRole('group', { name: 'Turn the hold into a reservation' }).getByLabel('Deposit, US dollars');
  await expect(amount).toHaveValue('nine hundred thousand');
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(ava.getByRole('group', { name: 'Turn the hold into a reservation' }).getByLabel('How it was paid')).toHaveValue('Wire transfer');
  expect(await stack.query("select count(*)::int as n from private.lot_claims where stage = 'reserved'")).toEqual([{ n: 0 }]);
  await lookAt(ava, 'holds-reserve-refused-1440');

  await amount.fill('937,500');
  await ava.getByRole('button', { name: 'Reserve with deposit' }).click();
  await expect(ava.locator('#claim-said')).toHaveText('The lot is reserved. The broker will be emailed.');
  await ava.reload();
  await expect(ava.locator('main')).toContainText('$937,500');
  await expect(ava.getByRole('button', { name: 'Mark under contract' })).toBeVisible();
  await lookAt(ava, 'holds-reservation-1440');
  expect(await axeViolations(ava)).toEqual([]);

  // The broker reads the reservation on the registration's page.
  const marcus = await signedIn(MARCUS, 390);
  await openPortalToAddresses(stack, MARCUS.email);
  await marcus.goto(`/portal/registrations/${registration}`);
  const holds = marcus.getByRole('region', { name: 'Holds and reservation' });
  await expect(holds).toContainText('Lot 1');
  await expect(holds).toContainText('Reservation');
  await expect(holds).toContainText('$937,500');
  await lookAt(marcus, 'holds-registration-390');
});

test('a hold posted from another site is refused and places nothing', async ({ stack, server }) => {
  const lot1 = await lotsOnThePlan(stack);
  const registration = await eleanorFor(stack, MARCUS);
  await openPortalToAddresses(stack, MARCUS.email);
  const token = await openSession(stack, MARCUS);
  const page = await fetch(`${server.url}/portal`, { headers: withSession(token) });
  const html = await page.text();
  const actionId = html.match(/name="\$ACTION_ID_([0-9a-f]+)"/)?.[1];
  expect(actionId).toBeTruthy();
  const body = new FormData();
  body.append(`$ACTION_ID_${actionId}`, '');
  body.append('estate', lot1);
  body.append('registration', registration);
  const refused = await fetch(`${server.url}/portal`, { method: 'POST', headers: { ...withSession(token), origin: 'https://elsewhere.example' }, body, redirect: 'manual' });
  expect(refused.status).toBe(403);
  expect(await stack.query('select count(*)::int as n from private.lot_claims')).toEqual([{ n: 0 }]);
});
