import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { AVA, MARCUS, signedInPage } from './support/accounts';
import { expect, test } from './support/fixtures';
import { answer, fill, listEstates, publishTerms, row, textOf } from './support/portal';
import { lookAt } from './support/shots';

// A broker's whole way through the portal, on the production build, as the issue tells it: signed in, the terms
// accepted, availability filtered, both PDFs downloaded, a client registered who wrote to us before, the
// registration going to the team's review and coming back decided; at a desk's width and at a phone's.

const ELEANOR = { fullName: 'Eleanor Whitfield', email: 'Eleanor.Whitfield+showing@GMAIL.com', phone: '(555) 010-0199', note: 'Second showing on Saturday.' };

/** A download started by pressing the link, as a person does: its file's name and words. */
async function download(page: Page, name: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name }).click()]);
  return { name: file.suggestedFilename(), text: textOf(readFileSync(await file.path())) };
}

test.beforeEach(({ stack }) => stack.reset());

for (const width of [1440, 390]) {
  test(`at ${width} px a broker accepts the terms, filters availability, downloads both PDFs, registers a client who wrote to us, and sees the team's decision`, async ({
    browser,
    baseURL,
    stack,
  }) => {
    test.setTimeout(120_000);
    await listEstates(stack);
    await publishTerms(stack);
    // The buyer wrote to us a week ago, from her own address.
    await stack.query("insert into prospect_inquiries (full_name, email, phone, created_at) values ('Eleanor Whitfield', 'eleanorwhitfield@gmail.com', '+1 555 010 0199', now() - interval '7 days')");

    const marcus = await signedInPage(browser, baseURL!, stack, MARCUS, width);
    await expect(marcus.getByRole('heading', { level: 1 })).toHaveText('Co-brokerage terms');
    await marcus.getByRole('button', { name: 'I accept these terms' }).click();
    await expect(marcus.getByRole('heading', { level: 1 })).toHaveText('Broker portal');

    // Availability, filtered by status.
    await marcus.getByRole('link', { name: 'Available', exact: true }).click();
    await expect(marcus).toHaveURL(/status=available/);
    const availability = marcus.getByRole('region', { name: 'Availability and pricing' });
    await expect(availability).toContainText('Lot 1');
    await expect(availability).not.toContainText('Lot 10');
    await expect(availability).toContainText('$8,950,000');
    expect(await marcus.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // Both documents, made for him.
    const priceList = await download(marcus, 'Download the price list (PDF)');
    expect(priceList.name).toBe('aldercrest-price-list.pdf');
    for (const words of ['Lot 1', 'Lot 10', 'Price on request', MARCUS.name, 'Hale Realty']) expect(priceList.text).toContain(words);
    const brochure = await download(marcus, 'Download the brochure (PDF)');
    expect(brochure.name).toBe('aldercrest-brochure.pdf');
    expect(brochure.text).toContain('Where Unparalleled Luxury Meets Timeless Elegance');

    // Registering her: she wrote to us, so the team looks first.
    await fill(marcus, ELEANOR);
    await expect(answer(marcus)).toContainText('Your registration of Eleanor Whitfield is under review');
    await expect(row(marcus, 'Eleanor Whitfield')).toContainText('Under review');
    await lookAt(marcus, `journey-${width}-review`);

    // The team sees both sides and registers her to him.
    const ava = await signedInPage(browser, baseURL!, stack, AVA, width);
    await ava.goto('/admin/registrations?status=under_review');
    await ava.getByRole('link', { name: 'Eleanor Whitfield' }).click();
    await expect(ava.getByRole('region', { name: 'The buyer wrote to us' })).toContainText('eleanorwhitfield@gmail.com');
    await ava.getByRole('radio', { name: /^Register/ }).check();
    await ava.getByRole('button', { name: 'Save decision' }).click();
    // Mail is not set up on this server: the broker reads the decision in the portal.
    await expect(ava).toHaveURL(/\?saved=registeredQuiet$/);

    // Back in the portal: decided, protected for 90 days.
    await marcus.reload();
    await expect(row(marcus, 'Eleanor Whitfield')).toContainText('Registered');
    await expect(row(marcus, 'Eleanor Whitfield')).not.toContainText('Under review');
    const [stored] = await stack.query<{ status: string; days: number }>(
      "select status, round(extract(epoch from expires_at - decided_at) / 86400)::int as days from private.registrations where email_key = 'eleanorwhitfield@gmail.com'",
    );
    expect(stored).toEqual({ status: 'registered', days: 90 });
    await lookAt(marcus, `journey-${width}-decided`);
    await ava.context().close();
    await marcus.context().close();
  });
}
