import { createHash } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import type { PostgrestStack } from '@/__tests__/support/postgrest-stack';
import { formatMonthLabel } from '@/lib/tours/calendar';
import { formatDayLabel, formatTimeLabel, formatTourWhen, openTimes, type OpenDay } from '@/lib/tours/slots';
import { DEFAULT_TOUR_SETTINGS } from '@/lib/tours/types';
import { AVA, JULIEN, MARCUS, NADIA, openSession, signedInPage, withSession, type Person } from './support/accounts';
import { axeViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { openPortalTo } from './support/portal';
import { lookAt } from './support/shots';

// Private tours as the team keeps them at /admin/tours (the settings, the agenda by day, a host, a cancellation),
// and as a broker books one for a registered client from the registration's page, with and without JavaScript.

/** The site's time zone when SITE_TIME_ZONE is not set, as the fixtures' server runs. */
const TIME_ZONE = 'America/New_York';

// The pages' words, written out rather than imported from lib/content.ts, so that a change there shows here.
const words = {
  newOnly: 'Changes apply to new bookings only: tours already booked keep their time and length.',
  refused: 'Please check the entries: each field marked says what it needs.',
  closeAfterOpen: 'Closing must be later than opening.',
  capacity: 'Tours at once must be a whole number from 1 to 10.',
  saved: 'Settings saved. They apply to bookings from now on.',
  hostSaved: 'Host assigned: they are sent the booking with its invitation.',
  cancelled: 'Tour cancelled: the buyer, or the broker who booked it, is told by email.',
  book: (buyer: string) => `Book a private tour for ${buyer}`,
  booked: 'Your tour is booked. The invitation is on its way to you by email.',
  moved: 'The tour is moved. The new invitation is on its way to you by email.',
  gone: 'That time has just gone: another tour took its place. Please choose another.',
  noHost: 'A member of our sales team (we will tell you who)',
};

const ELEANOR = { name: 'Eleanor Whitfield', email: 'eleanor.whitfield@example.com' };
const THEO = { name: 'Theo Lindqvist', email: 'theo.lindqvist@example.com' };
const GRACE = { name: 'Grace Holloway', email: 'grace.holloway@example.com' };

/** The days open now under the default settings with nothing booked (what the store allows too), each with two times at least. */
const openNow = (): OpenDay[] => openTimes({ settings: DEFAULT_TOUR_SETTINGS, booked: [], now: new Date(), timeZone: TIME_ZONE }).filter((open) => open.times.length >= 2);

const accountId = async (stack: PostgrestStack, person: Person) => {
  await openSession(stack, person);
  return (await stack.query<{ id: string }>('select id from private.accounts where email = $1', [person.email]))[0]!.id;
};

/** A buyer who wrote to us, booked by their tour link at this start: through the store's own functions. */
async function tourByLink(stack: PostgrestStack, buyer: { name: string; email: string }, startsAt: string) {
  const [lead] = await stack.query<{ id: string }>("insert into prospect_inquiries (full_name, email, created_at) values ($1, $2, now() - interval '1 day') returning id", [buyer.name, buyer.email]);
  const hash = createHash('sha256').update(`tour link of ${lead!.id}`).digest('hex');
  await stack.query('select public.issue_tour_link(gen_random_uuid(), $1, $2, now())', [lead!.id, hash]);
  const [answer] = await stack.query<{ booked: { outcome: string; tour: { id: string } } }>('select public.book_tour_by_link($1, $2, $3, now()) as booked', [hash, startsAt, TIME_ZONE]);
  expect(answer!.booked.outcome).toBe('booked');
  return { leadId: lead!.id, tourId: answer!.booked.tour.id };
}

/** A broker's registration of a buyer, as the portal's form makes one. */
async function registration(stack: PostgrestStack, broker: Person, buyer: { name: string; email: string }) {
  await openPortalTo(stack, await accountId(stack, broker));
  const [row] = await stack.query<{ registered: { id: string; status: string } }>("select public.register_buyer($1, $2, $3, null, null, now() - interval '1 hour') as registered", [
    await accountId(stack, broker),
    buyer.name,
    buyer.email,
  ]);
  return row!.registered;
}

const agenda = (page: Page) => page.getByRole('region', { name: 'Agenda' });
const day = (page: Page, date: string) => agenda(page).getByRole('region', { name: formatDayLabel(date), exact: true });
const tourItem = (scope: Locator, buyer: string) => scope.getByRole('listitem').filter({ hasText: buyer });
const settingsForm = (page: Page) => page.getByRole('form', { name: 'Booking settings' });
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test.beforeEach(({ stack }) => stack.reset());

/**
 * The frame's places marked where the page is, that one within the places' visible part; at a phone's width, the
 * nine of them one row that scrolls sideways, not five rows of the first screen.
 */
async function expectPlaceInSight(page: Page, name: string, width: number) {
  const places = page.getByRole('navigation', { name: 'Back office' });
  await expect(places.getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page');
  await expect
    .poll(() =>
      places.evaluate((nav) => {
        const row = nav.querySelector('ul')!.getBoundingClientRect();
        const here = nav.querySelector('[aria-current="page"]')!.getBoundingClientRect();
        return { rows: new Set([...nav.querySelectorAll('li')].map((item) => Math.round(item.getBoundingClientRect().top))).size, inSight: here.left >= row.left && here.right <= row.right };
      }),
    )
    .toEqual({ rows: width < 1024 ? 1 : expect.any(Number), inSight: true });
  expect(await noSidewaysScroll(page)).toBe(true);
}

for (const width of [390, 1440]) {
  test(`at ${width} px: the owner saves the settings (a refusal keeps every entry), reads the agenda by day, assigns Julien as host and cancels a tour`, async ({
    browser,
    baseURL,
    stack,
  }) => {
    test.setTimeout(90_000);
    const [first, second] = openNow();
    const eleanor = await tourByLink(stack, ELEANOR, first!.times[0]!.startsAt);
    const theo = await tourByLink(stack, THEO, second!.times[1]!.startsAt);
    // A broker's client, booked by the broker on the first day too.
    const grace = await registration(stack, MARCUS, GRACE);
    const [byBroker] = await stack.query<{ booked: { outcome: string } }>('select public.book_tour_for_registration($1, $2, $3, $4, now()) as booked', [
      await accountId(stack, MARCUS),
      grace.id,
      first!.times[1]!.startsAt,
      TIME_ZONE,
    ]);
    expect(byBroker!.booked.outcome).toBe('booked');
    await accountId(stack, JULIEN);

    const ava = await signedInPage(browser, baseURL!, stack, AVA, width);
    await ava.goto('/admin');
    await ava.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Tours' }).click();
    await expect(ava).toHaveURL(/\/admin\/tours$/);
    await expectPlaceInSight(ava, 'Tours', width);
    await expect(ava.getByRole('heading', { level: 1 })).toHaveText('Private tours');
    await expect(ava.getByText(words.newOnly)).toBeVisible();

    // The agenda: the two days with tours, in order, times in the zone, the buyer linked to their lead; no other day.
    await expect(agenda(ava)).toContainText('Times in Eastern Time.');
    await expect(agenda(ava).getByRole('heading', { level: 3 })).toHaveText([formatDayLabel(first!.date), formatDayLabel(second!.date)]);
    const firstDay = day(ava, first!.date);
    await expect(firstDay.getByRole('listitem')).toHaveCount(2);
    const eleanorItem = tourItem(firstDay, ELEANOR.name);
    await expect(eleanorItem).toContainText(formatTimeLabel(first!.times[0]!.startsAt, TIME_ZONE));
    await expect(eleanorItem.getByRole('link', { name: ELEANOR.name })).toHaveAttribute('href', `/admin/leads/${eleanor.leadId}`);
    await expect(tourItem(firstDay, GRACE.name)).toContainText('Booked by Marcus Hale, Hale Realty');
    await expect(tourItem(firstDay, GRACE.name)).toContainText(formatTimeLabel(first!.times[1]!.startsAt, TIME_ZONE));
    await expect(tourItem(day(ava, second!.date), THEO.name)).toContainText(formatTimeLabel(second!.times[1]!.startsAt, TIME_ZONE));
    expect(await noSidewaysScroll(ava)).toBe(true);
    await lookAt(agenda(ava), `tours-agenda-${width}`);
    expect(await axeViolations(ava)).toEqual([]);

    // Julien hosts Eleanor's tour: the select keeps him, the store has him, and his email waits in the outbox.
    await eleanorItem.getByRole('combobox', { name: 'Host' }).selectOption({ label: JULIEN.name });
    await eleanorItem.getByRole('button', { name: `Assign the host of the tour with ${ELEANOR.name}` }).click();
    await expect(ava.getByRole('status').filter({ hasText: words.hostSaved })).toBeVisible();
    await expect(tourItem(day(ava, first!.date), ELEANOR.name).getByRole('combobox', { name: 'Host' })).toHaveValue(await accountId(stack, JULIEN));
    expect(await stack.query('select a.name from private.tours t join private.accounts a on a.id = t.host_id where t.id = $1', [eleanor.tourId])).toEqual([{ name: JULIEN.name }]);
    expect(
      await stack.query("select o.kind from private.outbox o join private.tour_notices n on n.id = o.about_id where n.tour_id = $1 and n.recipient = 'host'", [eleanor.tourId]),
    ).toContainEqual({ kind: 'tour_booked' });

    // Theo's tour is cancelled: its day goes, as a day with nothing is left out.
    const theoItem = tourItem(day(ava, second!.date), THEO.name);
    // Asked, then confirmed: opening it cancels nothing.
    await expect(theoItem.getByRole('button', { name: /^Yes, cancel it at/ })).toBeHidden();
    await theoItem.getByText(/^Cancel tour at/).click();
    await expect(theoItem).toContainText(`${THEO.name} is emailed at once that the tour is cancelled, and its time is offered again.`);
    expect(await stack.query('select status from private.tours where id = $1', [theo.tourId])).toEqual([{ status: 'booked' }]);
    expect(await axeViolations(ava)).toEqual([]);
    await lookAt(theoItem, `tours-admin-cancel-${width}`);
    await theoItem.getByRole('button', { name: /^Yes, cancel it at/ }).click();
    await expect(ava.getByRole('status').filter({ hasText: words.cancelled })).toBeVisible();
    await expect(day(ava, second!.date)).toHaveCount(0);
    expect(await stack.query('select status from private.tours where id = $1', [theo.tourId])).toEqual([{ status: 'cancelled' }]);

    // The next 30 days: none booked there.
    await agenda(ava).getByRole('link', { name: /Next 30 days/ }).click();
    await expect(agenda(ava)).toContainText('No tours are booked in these 30 days.');
    await agenda(ava).getByRole('link', { name: /Previous 30 days/ }).click();
    await expect(tourItem(day(ava, first!.date), ELEANOR.name)).toBeVisible();

    // The settings: a closing before opening and no capacity are refused, each with its message, every entry kept.
    const form = settingsForm(ava);
    await form.getByLabel('Monday closes').fill('09:00');
    await form.getByLabel('Tours at once').fill('0');
    await form.getByLabel('Closed dates').fill('2027-12-25');
    await form.getByRole('button', { name: 'SAVE SETTINGS' }).click();
    await expect(form.getByRole('status')).toHaveText(words.refused);
    await expect(form.getByLabel('Monday closes')).toHaveValue('09:00');
    await expect(form.getByLabel('Monday closes')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('Monday closes')).toHaveAccessibleDescription(words.closeAfterOpen);
    await expect(form.getByLabel('Tours at once')).toHaveValue('0');
    await expect(form.getByLabel('Tours at once')).toHaveAccessibleDescription(words.capacity);
    await expect(form.getByLabel('Closed dates')).toHaveValue('2027-12-25');
    await expect(form.getByLabel('Tour length (minutes)')).toHaveValue('90');
    await expect(form.getByLabel('Tour length (minutes)')).not.toHaveAttribute('aria-invalid', 'true');
    expect(await noSidewaysScroll(ava)).toBe(true);
    await lookAt(ava.getByRole('region', { name: 'Booking settings' }), `tours-settings-${width}-refused`);
    expect(await axeViolations(ava)).toEqual([]);

    await form.getByLabel('Monday closes').fill('18:00');
    await form.getByLabel('Tours at once').fill('2');
    await form.getByLabel('Sunday opens').fill('12:00');
    await form.getByLabel('Sunday closes').fill('16:00');
    await form.getByRole('button', { name: 'SAVE SETTINGS' }).click();
    await expect(ava.getByRole('status').filter({ hasText: words.saved })).toBeVisible();
    await expect(ava.getByText(/^Last changed by Ava Laurent,/)).toBeVisible();
    await expect(settingsForm(ava).getByLabel('Tours at once')).toHaveValue('2');
    await expect(settingsForm(ava).getByLabel('Sunday opens')).toHaveValue('12:00');
    const [saved] = await stack.query<{ capacity: number; hours: Record<string, { open: string; close: string }> }>('select capacity, hours from private.tour_settings');
    expect(saved).toMatchObject({ capacity: 2, hours: { 1: { open: '10:00', close: '18:00' }, 7: { open: '12:00', close: '16:00' } } });
    expect(await stack.query("select to_char(day, 'YYYY-MM-DD') as day from private.tour_closed_dates")).toEqual([{ day: '2027-12-25' }]);
    await lookAt(ava, `tours-admin-${width}`);
    // The last of the places, beyond a phone's screen at the row's start, is brought into sight on its own page.
    await ava.goto('/account');
    await expectPlaceInSight(ava, 'Your account', width);
    await ava.context().close();
  });
}

/** The registration's page for a broker; the booking's section, by its heading. */
const tourSection = (page: Page) => page.locator('section#tour');
/** One open time, found by its day's and its own exact names ("Tuesday, December 1" is in "Tuesday, December 15"). */
const timeChoice = (scope: Page | Locator, time: { date: string; startsAt: string }) =>
  scope.getByRole('group', { name: formatDayLabel(time.date), exact: true }).getByRole('radio', { name: formatTimeLabel(time.startsAt, TIME_ZONE), exact: true });

/**
 * A day from the calendar, in its month's calendar: the page opens on the first open day, which may hold fewer times
 * than the day a test wants.
 */
async function openDay(page: Page, date: string) {
  const month = formatMonthLabel(date.slice(0, 7));
  const shown = tourSection(page).getByRole('navigation').getByRole('heading');
  if ((await shown.innerText()) !== month) await tourSection(page).getByRole('link', { name: `Open days in ${month}` }).click();
  const day = tourSection(page).getByRole('link', { name: new RegExp(`^${formatDayLabel(date)}, \\d+ open times?$`) });
  await day.click();
  await expect(day).toHaveAttribute('aria-current', 'date');
}

async function chooseAndBook(page: Page, time: { date: string; startsAt: string }) {
  await timeChoice(page, time).check();
  await page.getByRole('button', { name: 'BOOK THIS TOUR' }).click();
}

test('at 1440 px with JavaScript: a broker books a private tour for a registered client from its page, sees it, and the team sees who booked it', async ({ browser, baseURL, stack }) => {
  test.setTimeout(90_000);
  const eleanor = await registration(stack, MARCUS, ELEANOR);
  expect(eleanor.status).toBe('registered');
  const marcus = await signedInPage(browser, baseURL!, stack, MARCUS, 1440);
  await marcus.goto(`/portal/registrations/${eleanor.id}`);
  await expect(tourSection(marcus).getByRole('heading', { level: 2 })).toHaveText(words.book(ELEANOR.name));
  await expect(tourSection(marcus)).toContainText('Times in Eastern Time.');
  expect(await axeViolations(marcus)).toEqual([]);
  const [first] = openNow();
  const time = { date: first!.date, startsAt: first!.times[0]!.startsAt };
  await openDay(marcus, time.date);
  await chooseAndBook(marcus, time);
  await expect(marcus.getByRole('status').filter({ hasText: words.booked })).toBeVisible();
  await expect(tourSection(marcus).getByRole('heading', { level: 2 })).toHaveText('Tour booked');
  await expect(tourSection(marcus)).toContainText(formatTourWhen(time.startsAt, TIME_ZONE));
  await expect(tourSection(marcus)).toContainText(words.noHost);
  await expect(marcus.getByRole('button', { name: 'BOOK THIS TOUR' })).toHaveCount(0);
  expect(await axeViolations(marcus)).toEqual([]);
  const [tour] = await stack.query<{ id: string; starts_at: Date; broker: string }>(
    'select t.id, t.starts_at, a.name as broker from private.tours t join private.accounts a on a.id = t.broker_id where t.registration_id = $1',
    [eleanor.id],
  );
  expect(tour!.starts_at.toISOString()).toBe(time.startsAt);
  expect(tour!.broker).toBe(MARCUS.name);

  // The team sees it on the agenda, as booked by Marcus; Julien hosts it, and the broker's page says with whom.
  await accountId(stack, JULIEN);
  const ava = await signedInPage(browser, baseURL!, stack, AVA, 1440);
  await ava.goto('/admin/tours');
  const item = tourItem(day(ava, time.date), ELEANOR.name);
  await expect(item).toContainText('Booked by Marcus Hale, Hale Realty');
  await item.getByRole('combobox', { name: 'Host' }).selectOption({ label: JULIEN.name });
  await item.getByRole('button', { name: /^Assign/ }).click();
  await expect(ava.getByRole('status').filter({ hasText: words.hostSaved })).toBeVisible();
  await marcus.reload();
  await expect(tourSection(marcus)).toContainText(JULIEN.name);

  // The broker cancels it: the times are offered again.
  await tourSection(marcus).getByRole('button', { name: 'Cancel this tour' }).click();
  await expect(marcus.getByRole('status').filter({ hasText: 'The tour is cancelled.' })).toBeVisible();
  await expect(tourSection(marcus).getByRole('heading', { level: 2 })).toHaveText(words.book(ELEANOR.name));
  expect(await stack.query('select status from private.tours where id = $1', [tour!.id])).toEqual([{ status: 'cancelled' }]);
  // brokerTours keeps it: the page lists it among the client's earlier tours, as cancelled.
  await expect(tourSection(marcus).getByRole('listitem').filter({ hasText: formatTourWhen(time.startsAt, TIME_ZONE) })).toContainText('Cancelled');
  await ava.context().close();
  await marcus.context().close();
});

test('at 390 px without JavaScript: a time that has just gone lists the times again with a sentence, then another is booked and shown', async ({ browser, baseURL, stack }) => {
  test.setTimeout(90_000);
  const eleanor = await registration(stack, MARCUS, ELEANOR);
  const grace = await registration(stack, NADIA, GRACE);
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: { width: 390, height: 844 }, extraHTTPHeaders: withSession(await openSession(stack, MARCUS)) });
  const marcus = await context.newPage();
  await marcus.goto(`/portal/registrations/${eleanor.id}`);
  await expect(tourSection(marcus).getByRole('heading', { level: 2 })).toHaveText(words.book(ELEANOR.name));
  const [first] = openNow();
  const taken = { date: first!.date, startsAt: first!.times[0]!.startsAt };
  await openDay(marcus, taken.date);

  // Another broker takes that time while the page is open.
  const [other] = await stack.query<{ booked: { outcome: string } }>('select public.book_tour_for_registration($1, $2, $3, $4, now()) as booked', [
    await accountId(stack, NADIA),
    grace.id,
    taken.startsAt,
    TIME_ZONE,
  ]);
  expect(other!.booked.outcome).toBe('booked');
  await chooseAndBook(marcus, taken);
  await expect(marcus.getByRole('status').filter({ hasText: words.gone })).toBeVisible();
  // The same day again, without the time that went.
  await expect(tourSection(marcus).getByRole('link', { name: new RegExp(`^${formatDayLabel(taken.date)}, `) })).toHaveAttribute('aria-current', 'date');
  await expect(timeChoice(marcus, taken)).toHaveCount(0);
  expect(await noSidewaysScroll(marcus)).toBe(true);
  await lookAt(tourSection(marcus), 'registration-tour-390-times');

  const next = { date: first!.date, startsAt: first!.times[1]!.startsAt };
  await chooseAndBook(marcus, next);
  await expect(marcus.getByRole('status').filter({ hasText: words.booked })).toBeVisible();
  await expect(tourSection(marcus)).toContainText(formatTourWhen(next.startsAt, TIME_ZONE));
  expect(await noSidewaysScroll(marcus)).toBe(true);
  await lookAt(marcus, 'registration-tour-390');

  // The broker moves it to a time on another day: the page then shows the new time, and the store has it.
  const later = openNow().find((open) => open.date !== first!.date)!;
  const moveTo = { date: later.date, startsAt: later.times[0]!.startsAt };
  await tourSection(marcus).getByText('Move this tour').click();
  // A day first, from the calendar (a link: the page again with that day's times, the move still open), then its time;
  // in the next month's calendar when it falls there.
  await openDay(marcus, moveTo.date);
  await timeChoice(tourSection(marcus), moveTo).check();
  expect(await noSidewaysScroll(marcus)).toBe(true);
  await tourSection(marcus).getByRole('button', { name: 'MOVE TO THIS TIME' }).click();
  await expect(marcus.getByRole('status').filter({ hasText: words.moved })).toBeVisible();
  await expect(tourSection(marcus).locator('dl')).toContainText(formatTourWhen(moveTo.startsAt, TIME_ZONE));
  await expect(tourSection(marcus).locator('dl')).not.toContainText(formatTourWhen(next.startsAt, TIME_ZONE));
  const [moved] = await stack.query<{ starts_at: Date }>("select starts_at from private.tours where registration_id = $1 and status = 'booked'", [eleanor.id]);
  expect(moved!.starts_at.toISOString()).toBe(moveTo.startsAt);
  await lookAt(marcus, 'registration-tour-390-moved');
  await context.close();
});

test('a broker with a registration under review sees no booking, and a broker is refused the team’s tours (404)', async ({ browser, baseURL, stack, request }) => {
  await registration(stack, MARCUS, ELEANOR);
  // The same buyer registered by another broker waits for the team: no tour for it.
  const review = await registration(stack, NADIA, ELEANOR);
  expect(review.status).toBe('under_review');
  const nadia = await signedInPage(browser, baseURL!, stack, NADIA, 390);
  await nadia.goto(`/portal/registrations/${review.id}`);
  await expect(nadia.getByRole('heading', { level: 1 })).toHaveText(ELEANOR.name);
  await expect(nadia.getByText('Under review').first()).toBeVisible();
  await expect(tourSection(nadia)).toHaveCount(0);
  await expect(nadia.getByRole('radio')).toHaveCount(0);

  const page = await nadia.goto('/admin/tours');
  expect(page!.status()).toBe(404);
  await expect(nadia.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Tours' })).toHaveCount(0);
  // Another broker's session, by request: the same.
  const response = await request.get('/admin/tours', { headers: withSession(await openSession(stack, MARCUS)), maxRedirects: 0 });
  expect(response.status()).toBe(404);
  expect(await stack.query('select count(*)::int as n from private.tours')).toEqual([{ n: 0 }]);
  await nadia.context().close();
});
