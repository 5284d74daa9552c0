import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';

export const prospect = { full_name: 'Eleanor Whitfield', email: 'eleanor@example.com', phone: '+1 555 0100', message: 'A private tour, please.' };
export const agent = {
  full_name: 'Marcus Hale',
  email: 'marcus@hale.realty',
  brokerage: 'Hale Realty',
  license_number: 'DRE 01234567',
  phone: '+1 555 0199',
  message: 'Two qualified clients.',
};

/**
 * Wakes the home page as a visitor's first key would (scripts/first-paint.mjs wakes it at a key, a touch, a focus
 * or a form coming near, not at its load), and waits until it has hydrated: the inquiry form's submission key is
 * written by its script only.
 */
export async function awake(page: Page) {
  // Not before the first contentful paint, when the page's first script fetches its scripts ahead (or adds them) and
  // starts listening: a browser reports no largest paint after a key. Read from the page, not from its performance
  // timeline, which a test's fake clock (page.clock) replaces with an empty one.
  await expect(page.locator('head link[rel="prefetch"], head script[src]').first()).toBeAttached();
  const key = page.locator('#inquiry-form input[name="submission_key"]');
  await expect(async () => {
    await page.keyboard.press('Shift');
    await expect(key).not.toHaveValue('', { timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
}

/** Whether React has hydrated this element: it keeps its own properties on each node it has taken over. */
export const hydrated = (element: Locator) => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__react')));

/**
 * Counts the posts the page sends to a path, and stops each there (aborted), whichever way it goes: a plain form's
 * post before the page's script has the form, or React's after. For a press made as the page wakes.
 */
export async function countPosts(page: Page, path: string) {
  let posts = 0;
  await page.route(`**${path}`, (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    posts++;
    return route.abort();
  });
  return () => posts;
}

export const inquiryForm = (page: Page) => page.locator('#inquiry-form');
export const brokerForm = (page: Page) => page.locator('#broker-form');

export async function fillInquiry(page: Page, values = prospect) {
  const form = inquiryForm(page);
  await form.getByRole('textbox', { name: 'Full Name' }).fill(values.full_name);
  await form.getByRole('textbox', { name: 'Email Address' }).fill(values.email);
  await form.getByRole('textbox', { name: 'Phone' }).fill(values.phone);
  await form.getByRole('textbox', { name: 'Message' }).fill(values.message);
}

export async function fillBroker(page: Page, values = agent) {
  const form = brokerForm(page);
  await form.getByRole('textbox', { name: 'Full Name' }).fill(values.full_name);
  await form.getByRole('textbox', { name: 'Email' }).fill(values.email);
  await form.getByRole('textbox', { name: 'Brokerage Firm' }).fill(values.brokerage);
  await form.getByRole('textbox', { name: 'License Number' }).fill(values.license_number);
  await form.getByRole('textbox', { name: 'Phone' }).fill(values.phone);
  await form.getByRole('textbox', { name: 'Message' }).fill(values.message);
}

/** Fills the inquiry form and sends it with its button. */
export async function sendInquiry(page: Page, values = prospect) {
  await fillInquiry(page, values);
  await inquiryForm(page).getByRole('button').click();
}

/** Fills the broker form and sends it with its button. */
export async function sendBroker(page: Page, values = agent) {
  await fillBroker(page, values);
  await brokerForm(page).getByRole('button').click();
}

export async function expectInquiryValues(page: Page, values: Record<string, string>) {
  const form = inquiryForm(page);
  await expect(form.getByRole('textbox', { name: 'Full Name' })).toHaveValue(values.full_name ?? '');
  await expect(form.getByRole('textbox', { name: 'Email Address' })).toHaveValue(values.email ?? '');
  await expect(form.getByRole('textbox', { name: 'Phone' })).toHaveValue(values.phone ?? '');
  await expect(form.getByRole('textbox', { name: 'Message' })).toHaveValue(values.message ?? '');
}

/** Said after a form's error message when the server refused one field (the message itself is the specification's). */
export const ONE_FIELD_HINT = 'One field needs correcting: its note is under it.';
