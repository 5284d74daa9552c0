/**
 * A buyer's private tour from end to end, on the production build with a test SMTP relay: the inquiry's receipt
 * carries the buyer's link; at a phone's width they choose a time and confirm (with JavaScript, and without);
 * the invitation arrives and ical.js reads it; they move the tour by the email's link (the same UID, SEQUENCE 1)
 * and cancel it (METHOD:CANCEL), after which the link no longer opens. Two buyers confirming the last place at
 * once: one tour, and the other buyer sees the times again with the sentence that theirs has just gone.
 */
import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import ICAL from 'ical.js';
import type { PostgrestStack } from '@/__tests__/support/postgrest-stack';
import type { ReceivedMail, TestRelay } from '@/__tests__/support/smtp';
import { axeViolations } from './support/axe';
import { JULIEN, openSession, signedInPage } from './support/accounts';
import { expect, test } from './support/fixtures';
import { inquiryForm, prospect, sendInquiry } from './support/forms';
import { lookAt } from './support/shots';
import { spec } from './support/spec-copy';

/** The page's words, written out rather than imported from the content module (which the test runner cannot load). */
const tourPage = {
  choose: { heading: 'Choose a time for your private tour', confirm: 'Confirm this time' },
  move: { heading: 'Choose a new time', confirm: 'Move to this time' },
  cancel: { heading: 'Cancel your tour?', confirm: 'Cancel my tour' },
  booked: { heading: 'Your private tour is booked', seen: 'Your private tour', anyHost: 'A member of our sales team' },
  links: { move: 'Move my tour', cancel: 'Cancel my tour' },
  cancelled: { heading: 'Your tour is cancelled' },
  dead: { heading: 'This tour link is no longer open', home: 'Write to us' },
  notices: {
    moved: 'Your tour has moved to its new time. An email with the updated invitation is on its way.',
    missing: 'Please choose one of the times below, then confirm.',
    full: 'The time you chose has just gone: someone booked it a moment ago. Please choose another time below.',
  },
};

/** The rules axe finds broken on the page. */
const axeRules = async (page: Page) => (await axeViolations(page)).map((violation) => violation.id);

const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 } };
const DESK: BrowserContextOptions = { viewport: { width: 1440, height: 900 } };
const TOUR_PATH = /\/tour\/[A-Za-z0-9_-]{43}/;

/** The newest message to this address with this subject, once it has arrived. */
async function mailTo(relay: TestRelay, address: string, subject: string, after = 0): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(() => (found = relay.received.slice(after).findLast((mail) => mail.envelope.to.includes(address) && mail.parsed.subject === subject)), { timeout: 30_000 })
    .toBeTruthy();
  return found!;
}

/** The calendar part as a calendar reads it. */
function invitationOf(mail: ReceivedMail) {
  const part = mail.parsed.attachments.find((attachment) => attachment.contentType === 'text/calendar');
  expect(part, 'a text/calendar part').toBeDefined();
  expect(mail.parsed.attachments.some((attachment) => attachment.filename === 'invite.ics')).toBe(true);
  const calendar = new ICAL.Component(ICAL.parse(part!.content.toString('utf8')));
  const event = calendar.getFirstSubcomponent('vevent')!;
  const start = event.getFirstProperty('dtstart')!;
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: String(event.getFirstPropertyValue('uid')),
    sequence: event.getFirstPropertyValue('sequence'),
    tzid: start.getParameter('tzid'),
    zones: calendar.getAllSubcomponents('vtimezone').map((zone) => zone.getFirstPropertyValue('tzid')),
  };
}

/** The /tour/<token> path a message's text carries. */
function tourPathIn(mail: ReceivedMail): string {
  const found = TOUR_PATH.exec(mail.parsed.text ?? '');
  expect(found, 'a tour link in the message').not.toBeNull();
  return found![0];
}

/** An inquiry from the home page, as a visitor sends it, and the tour page its receipt leads to. */
async function inquire(page: Page, baseUrl: string, relay: TestRelay, email: string): Promise<string> {
  await page.goto(`${baseUrl}/`);
  await sendInquiry(page, { ...prospect, email });
  await expect(inquiryForm(page).getByRole('status')).toHaveText(spec.inquiry.success);
  const receipt = await mailTo(relay, email, 'Your inquiry to Aldercrest Estates');
  expect(receipt.parsed.text).toContain('Choose a time for your private tour');
  return tourPathIn(receipt);
}

async function newPage(browser: Browser, options: BrowserContextOptions): Promise<Page> {
  const context = await browser.newContext(options);
  return context.newPage();
}

const tourStatus = async (stack: PostgrestStack) => stack.query<{ status: string; sequence: number }>('select status, sequence from private.tours order by created_at');

test.describe('a buyer\'s private tour', () => {
  test.use({ serverKind: 'mail' });
  test.beforeEach(async ({ stack }) => {
    await stack.reset();
    // The team's settings as they are by default; the tests choose among the times these give from now.
    await stack.query('truncate private.tour_settings');
  });

  test('with JavaScript at 390 px: chosen, confirmed, invited; moved by the email\'s link; cancelled, and the link dead; the lead\'s history tells it', async ({ browser, stack, rows, server, relay }) => {
    test.setTimeout(120_000);
    const page = await newPage(browser, PHONE);
    try {
      const path = await inquire(page, server.url, relay, 'eleanor@example.com');

      const shown = await page.goto(`${server.url}${path}`);
      expect(shown!.status()).toBe(200);
      expect(shown!.headers()['cache-control']).toBe('no-store');
      expect(shown!.headers()['x-robots-tag']).toBe('noindex, nofollow');
      expect(shown!.headers()['referrer-policy']).toBe('same-origin');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(tourPage.choose.heading);
      await expect(page.getByText('All times are Eastern Time.')).toBeVisible();
      const first = page.getByRole('radio').first();
      await expect(first).toBeVisible();
      // Nothing wider than the screen, and a day's times, not a month's: no taller than two screens.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(2 * PHONE.viewport!.height);
      await lookAt(page, 'booking-390');
      expect(await axeRules(page)).toEqual([]);

      // Confirmed with no time chosen: the page again, saying what to do.
      await page.getByRole('button', { name: tourPage.choose.confirm }).click();
      await expect(page.getByRole('main').getByRole('alert')).toHaveText(tourPage.notices.missing);

      const chosenDay = await page.locator('fieldset fieldset').first().locator('legend').textContent();
      const chosenTime = await page.getByRole('radio').first().locator('..').textContent();
      await page.getByRole('radio').first().check();
      await page.getByRole('button', { name: tourPage.choose.confirm }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(tourPage.booked.heading);
      const facts = page.locator('dl');
      await expect(facts).toContainText(chosenDay!);
      await expect(facts).toContainText(chosenTime!);
      await expect(facts).toContainText('Aldercrest Estates, Sales Gallery');
      await expect(facts).toContainText(tourPage.booked.anyHost);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await lookAt(page, 'confirmation-390');
      expect(await axeRules(page)).toEqual([]);

      const booked = await mailTo(relay, 'eleanor@example.com', 'Your private tour of Aldercrest Estates');
      const invitation = invitationOf(booked);
      expect(invitation).toMatchObject({ method: 'REQUEST', sequence: 0, tzid: 'America/New_York' });
      expect(invitation.uid).toMatch(/^tour-[0-9a-f-]{36}@/);
      expect(invitation.zones).toContain('America/New_York');
      expect(await stack.query('select status from prospect_inquiries')).toEqual([{ status: 'touring' }]);
      // The buyer's email as a phone shows it.
      const letter = await newPage(browser, PHONE);
      await letter.setContent(String(booked.parsed.html));
      expect(await letter.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await lookAt(letter, 'email-390');
      await letter.context().close();

      // Moved by the email's own link: the GET shows the times, only the post moves it.
      const manage = tourPathIn(booked);
      expect(manage).toBe(path);
      await page.goto(`${server.url}${manage}`);
      await page.getByRole('link', { name: tourPage.links.move }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(tourPage.move.heading);
      await lookAt(page, 'move-390');
      expect(await axeRules(page)).toEqual([]);
      expect((await tourStatus(stack)).map((tour) => tour.sequence)).toEqual([0]);
      // Any time offered is another: the tour's own is never offered again. Not the second of the day shown, which
      // between 10:00 and 12:00 Eastern, with a day's notice, has but one time left once the first is taken.
      const another = page.getByRole('radio').last();
      await another.check();
      const movedTo = await another.locator('..').textContent();
      await page.getByRole('button', { name: tourPage.move.confirm }).click();
      await expect(page.getByRole('status')).toHaveText(tourPage.notices.moved);
      await expect(page.locator('dl')).toContainText(movedTo!);
      const moved = await mailTo(relay, 'eleanor@example.com', 'Your private tour of Aldercrest Estates has moved');
      expect(invitationOf(moved)).toMatchObject({ method: 'REQUEST', uid: invitation.uid, sequence: 1 });

      // The team assigns Julien as its host: the buyer's page names him instead of our sales team.
      await openSession(stack, JULIEN);
      await stack.query(
        "select public.assign_tour_host(a.id, t.id, a.id, now()) from private.accounts a, private.tours t where a.email = $1 and t.status = 'booked'",
        [JULIEN.email],
      );
      await page.reload();
      await expect(page.locator('dl')).toContainText(JULIEN.name);
      await expect(page.locator('dl')).not.toContainText(tourPage.booked.anyHost);

      // Cancelled: the GET asks, the post cancels.
      await page.getByRole('link', { name: tourPage.links.cancel }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(tourPage.cancel.heading);
      await lookAt(page, 'cancel-question-390');
      expect((await tourStatus(stack)).map((tour) => tour.status)).toEqual(['booked']);
      await page.getByRole('button', { name: tourPage.cancel.confirm }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(tourPage.cancelled.heading);
      const cancelled = await mailTo(relay, 'eleanor@example.com', 'Your private tour of Aldercrest Estates is cancelled');
      expect(invitationOf(cancelled)).toMatchObject({ method: 'CANCEL', uid: invitation.uid, sequence: 2 });

      const dead = await page.goto(`${server.url}${path}`);
      expect(dead!.headers()['cache-control']).toBe('no-store');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(tourPage.dead.heading);
      await expect(page.getByRole('link', { name: tourPage.dead.home })).toHaveAttribute('href', '/#inquire');

      // The lead's history tells the team the tour's story in their time zone, never as the store's instants.
      const [lead] = await rows('prospect_inquiries');
      const julien = await signedInPage(browser, server.url, stack, JULIEN, 1440);
      await julien.goto(`/admin/leads/${lead!.id}`);
      const history = julien.getByRole('region', { name: 'History' }).getByRole('listitem');
      const lines = (await history.allTextContents()).join('\n');
      expect(lines).toMatch(/Tour booked for [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M E[SD]T/);
      expect(lines).toMatch(/Tour moved from [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M E[SD]T to [A-Z]/);
      expect(lines).toMatch(/Tour of [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M E[SD]T cancelled/);
      expect(lines).toContain(`Tour host ${JULIEN.name}`);
      expect(lines).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}/);
      await lookAt(julien.getByRole('region', { name: 'History' }), 'lead-history-1440');
      await julien.context().close();
    } finally {
      await page.context().close();
    }
  });

  test('without JavaScript at 390 px: the same way through, each step a plain post', async ({ browser, stack, server, relay }) => {
    test.setTimeout(120_000);
    const page = await newPage(browser, { ...PHONE, javaScriptEnabled: false });
    try {
      const path = await inquire(page, server.url, relay, 'nojs@example.com');
      expect((await page.goto(`${server.url}${path}`))?.status()).toBe(200);
      await page.getByRole('button', { name: tourPage.choose.confirm }).click();
      await expect(page.getByRole('main').getByRole('alert')).toHaveText(tourPage.notices.missing);
      await page.getByRole('radio').first().check();
      await page.getByRole('button', { name: tourPage.choose.confirm }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(tourPage.booked.heading);
      const booked = await mailTo(relay, 'nojs@example.com', 'Your private tour of Aldercrest Estates');
      expect(invitationOf(booked)).toMatchObject({ method: 'REQUEST', sequence: 0, tzid: 'America/New_York' });
      expect(await stack.query('select status from prospect_inquiries')).toEqual([{ status: 'touring' }]);

      // Back to the page: the tour booked is shown, not the times to book a second.
      await page.goto(`${server.url}${path}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(tourPage.booked.seen);
      await expect(page.getByRole('radio')).toHaveCount(0);
      await page.goto(`${server.url}${path}?step=move`);
      await page.getByRole('radio').first().check();
      await page.getByRole('button', { name: tourPage.move.confirm }).click();
      await expect(page.getByRole('status')).toHaveText(tourPage.notices.moved);
      const moved = await mailTo(relay, 'nojs@example.com', 'Your private tour of Aldercrest Estates has moved');
      expect(invitationOf(moved)).toMatchObject({ method: 'REQUEST', sequence: 1 });

      await page.goto(`${server.url}${path}?step=cancel`);
      await page.getByRole('button', { name: tourPage.cancel.confirm }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(tourPage.cancelled.heading);
      expect((await page.request.get(page.url())).status()).toBe(200);
      expect(invitationOf(await mailTo(relay, 'nojs@example.com', 'Your private tour of Aldercrest Estates is cancelled')).method).toBe('CANCEL');
      // The dead link and an address no link ever had say so in words, without JavaScript too, with a 404.
      for (const gone of [path, '/tour/not-a-token', `/tour/${'A'.repeat(43)}`]) {
        expect((await page.goto(`${server.url}${gone}`))?.status()).toBe(404);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(tourPage.dead.heading);
        await expect(page.getByRole('link', { name: tourPage.dead.home })).toHaveAttribute('href', '/#inquire');
      }
      // A body larger than any form sends is turned away at the door with 413, never a 500.
      const huge = await page.request.post(`${server.url}${path}`, { multipart: { startsAt: 'x'.repeat(70_000) }, headers: { origin: server.url }, maxRedirects: 0 });
      expect(huge.status()).toBe(413);
    } finally {
      await page.context().close();
    }
  });

  test('two buyers confirm the last place at once: one tour; the other sees the times again and why', async ({ browser, stack, server, relay }) => {
    test.setTimeout(120_000);
    const [first, second] = [await newPage(browser, DESK), await newPage(browser, PHONE)];
    try {
      const pathA = await inquire(first, server.url, relay, 'first@example.com');
      const pathB = await inquire(second, server.url, relay, 'second@example.com');
      await first.goto(`${server.url}${pathA}`);
      await second.goto(`${server.url}${pathB}`);
      await lookAt(first, 'booking-1440');
      // The same time, one place (capacity 1 by default), both confirmed together.
      const time = await first.getByRole('radio').first().getAttribute('value');
      await first.locator(`input[value="${time}"]`).check();
      await second.locator(`input[value="${time}"]`).check();
      await Promise.all([
        first.getByRole('button', { name: tourPage.choose.confirm }).click(),
        second.getByRole('button', { name: tourPage.choose.confirm }).click(),
      ]);
      const headings = await Promise.all(
        [first, second].map(async (page) => {
          await expect(page).toHaveURL(/done=booked|notice=full/);
          return page.getByRole('heading', { level: 1 }).textContent();
        }),
      );
      expect(headings.filter((heading) => heading === tourPage.booked.heading)).toHaveLength(1);
      const winner = headings[0] === tourPage.booked.heading ? first : second;
      const loser = winner === first ? second : first;
      await expect(loser.getByRole('heading', { level: 1 })).toHaveText(tourPage.choose.heading);
      await expect(loser.getByRole('main').getByRole('alert')).toHaveText(tourPage.notices.full);
      await lookAt(loser, loser === first ? 'time-gone-1440' : 'time-gone-390');
      expect(await axeRules(loser)).toEqual([]);
      // The time gone is no longer offered.
      await expect(loser.locator(`input[value="${time}"]`)).toHaveCount(0);
      expect(await tourStatus(stack)).toEqual([{ status: 'booked', sequence: 0 }]);
      if (winner === first) await lookAt(first, 'confirmation-1440');
      else {
        await first.goto(`${server.url}${pathA}`);
        await first.getByRole('radio').first().check();
        await first.getByRole('button', { name: tourPage.choose.confirm }).click();
        await expect(first.getByRole('heading', { level: 1 })).toHaveText(tourPage.booked.heading);
        await lookAt(first, 'confirmation-1440');
      }
    } finally {
      await first.context().close();
      await second.context().close();
    }
  });
});
