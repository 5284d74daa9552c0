import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { PostgrestStack } from '@/__tests__/support/postgrest-stack';
import { estatesPage } from '@/lib/copy/team-brokers';
import { AVA, openSession } from './accounts';

// What the portal's browser tests set up alike: the team's terms and estates, and a PDF's words.

export const TERMS_V1 = 'Aldercrest Estates offers a co-brokerage fee of 2.5% of the contract price.\n\nRegister your client before their first showing.';
export const TERMS_V2 = 'Aldercrest Estates offers a co-brokerage fee of 3% of the contract price.\n\nA registration protects you for 90 days.';

/** The owner's account id (made if need be), who publishes and lists in these tests. */
export async function ownerId(stack: PostgrestStack): Promise<string> {
  await openSession(stack, AVA);
  const [owner] = await stack.query<{ id: string }>('select id from private.accounts where email = $1', [AVA.email]);
  return owner!.id;
}

/** A new version of the terms, published by the owner now. */
export const publishTerms = async (stack: PostgrestStack, body = TERMS_V1) => stack.query('select public.terms_publish($1, $2, now())', [await ownerId(stack), body]);

/**
 * The portal open to these accounts, as once the team has published its terms (the first version, unless one is)
 * and each has accepted the latest: the store closes it to a broker before (AC003).
 */
export async function openPortalTo(stack: PostgrestStack, ...accounts: string[]): Promise<void> {
  const [row] = await stack.query<{ published: number }>('select count(*)::int as published from private.terms_versions');
  if (!row?.published) await publishTerms(stack);
  for (const account of accounts) {
    await stack.query('insert into private.terms_acceptances (account_id, version, accepted_at) select $1, max(number), now() from private.terms_versions on conflict do nothing', [account]);
  }
}

/** The portal open to the accounts of these addresses, as {@link openPortalTo} opens it to account ids. */
export async function openPortalToAddresses(stack: PostgrestStack, ...addresses: string[]): Promise<void> {
  const rows = await stack.query<{ id: string }>('select id from private.accounts where email = any($1::text[])', [addresses]);
  await openPortalTo(stack, ...rows.map((row) => row.id));
}

/** Four estates, one of each status, one at a price on request, "Lot 10" after "Lot 3". */
export async function listEstates(stack: PostgrestStack): Promise<void> {
  const owner = await ownerId(stack);
  const estates: [string, number, number, number, number, string, number | null][] = [
    ['Lot 1', 1.25, 9200, 5, 6.5, 'available', 8_950_000],
    ['Lot 2', 1.8, 12400, 6, 7.5, 'reserved', 12_500_000],
    ['Lot 3', 2, 15000, 7, 8, 'under_contract', null],
    ['Lot 10', 1.1, 8100, 5, 5.5, 'sold', 7_400_000],
  ];
  for (const [lot, acres, sqft, bedrooms, bathrooms, status, price] of estates) {
    await stack.query('select public.estate_create($1, $2, $3, $4, $5, $6, $7, $8, now())', [owner, lot, acres, sqft, bedrooms, bathrooms, status, price]);
  }
}

/** A PDF's words as pdftotext lays them out, runs of spaces as one. */
export function textOf(pdf: Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'portal-pdf-')), 'document.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

// The portal's client registration, as a broker uses it.
export const section = (page: Page) => page.getByRole('region', { name: 'Client registration' });
export const form = (page: Page) => section(page).getByRole('form', { name: 'Register a buyer' });
export const answer = (page: Page) => form(page).getByRole('status');
export const row = (page: Page, buyer: string) => section(page).getByRole('table', { name: 'Your registrations' }).getByRole('row').filter({ hasText: buyer });

export async function fill(page: Page, buyer: { fullName: string; email: string; phone?: string; note?: string }) {
  await form(page).getByLabel('Full name').fill(buyer.fullName);
  await form(page).getByLabel('Email').fill(buyer.email);
  await form(page).getByLabel('Phone (optional)').fill(buyer.phone ?? '');
  await form(page).getByLabel('Note (optional)').fill(buyer.note ?? '');
  await form(page).getByRole('button', { name: 'REGISTER BUYER' }).click();
}

/**
 * An estate's own part of its page (/admin/estates/[id]: its status, details, history and deletion), by its lot: the
 * page opened from its row on the estates page where it is not open already.
 */
export async function estateCard(page: Page, lot: string) {
  const heading = page.getByRole('heading', { level: 1, name: lot, exact: true });
  if (!(await heading.isVisible())) {
    if (!new URL(page.url()).pathname.endsWith('/admin/estates')) await page.goto('/admin/estates');
    await page.getByRole('region', { name: estatesPage.tableLabel }).getByRole('link', { name: lot, exact: true }).click();
    await heading.waitFor();
  }
  return page.getByRole('region', { name: estatesPage.status.heading });
}
