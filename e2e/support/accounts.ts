import { randomBytes } from 'node:crypto';
import { expect, type Browser, type Page } from '@playwright/test';
import type { PostgrestStack } from '@/__tests__/support/postgrest-stack';
import type { TestRelay } from '@/__tests__/support/smtp';
import { SESSION_COOKIE } from '@/lib/auth/cookie';
import { linkHash, newSessionToken } from '@/lib/auth/tokens';
import type { AccountRole } from '@/lib/auth/types';
import { OWNER_EMAIL } from './servers';

export interface Person {
  email: string;
  name: string;
  role: AccountRole;
  /** A broker's firm. */
  brokerage?: string;
}

/** The owner ADMIN_EMAILS names. */
export const AVA: Person = { email: OWNER_EMAIL, name: 'Ava Laurent', role: 'owner' };
export const JULIEN: Person = { email: 'julien@aldercrest.example', name: 'Julien Marchetti', role: 'member' };
export const MARCUS: Person = { email: 'marcus@hale.realty', name: 'Marcus Hale', role: 'broker', brokerage: 'Hale Realty' };
/** A second broker, for what one broker must not see of another's, and for two brokers after one buyer. */
export const NADIA: Person = { email: 'nadia@okafor-estates.example', name: 'Nadia Okafor', role: 'broker', brokerage: 'Okafor Estates' };

/**
 * The account of a person, made as an invitation or an approval would, or made active again; named by the person
 * already, so that no first sign-in asks them (an owner the server made from ADMIN_EMAILS would be asked).
 */
async function accountOf(stack: PostgrestStack, person: Person): Promise<string> {
  const [account] = await stack.query<{ id: string }>(
    `insert into private.accounts (email, name, role, brokerage) values ($1, $2, $3, $4)
     on conflict (email) do update set name = excluded.name, role = excluded.role, brokerage = excluded.brokerage, status = 'active', ask_name = false
     returning id`,
    [person.email, person.name, person.role, person.role === 'broker' ? (person.brokerage ?? null) : null],
  );
  return account!.id;
}

/**
 * A session of a person as signing in would open one (the database keeps the id and its secret's hash), and
 * the token its cookie carries: for requests about what a signed-in person may do rather than how they signed in.
 */
export async function openSession(stack: PostgrestStack, person: Person): Promise<string> {
  const account = await accountOf(stack, person);
  const session = newSessionToken();
  const team = person.role !== 'broker';
  await stack.query(
    `insert into private.sessions (id, secret_hash, account_id, created_at, last_used_at, idle_seconds, expires_at, device)
     values ($1, $2, $3, now(), now(), $4, case when $5 then now() + interval '7 days' end, 'Chrome on Linux')`,
    [session.id, session.secretHash, account, team ? 12 * 3600 : 30 * 86400, team],
  );
  return session.token;
}

/** The header a request carries with this session. */
export const withSession = (token: string) => ({ cookie: `${SESSION_COOKIE}=${token}` });

/**
 * A browser page signed in as this person, at a phone's or a desk's width: through a sign-in link made for
 * them (as an invitation is), whose button the page presses, so that the server sets the cookie itself.
 */
export async function signedInPage(browser: Browser, baseURL: string, stack: PostgrestStack, person: Person, width = 1440): Promise<Page> {
  const account = await accountOf(stack, person);
  const token = randomBytes(32).toString('base64url');
  await stack.query(
    `insert into private.sign_in_challenges (id, purpose, email_hash, account_id, link_hash, created_at, expires_at)
     values (gen_random_uuid(), 'invitation', private.salted_hash($1), $2, $3, now(), now() + interval '1 hour')`,
    [person.email, account, linkHash(token)],
  );
  const context = await browser.newContext({ baseURL, viewport: { width, height: width < 768 ? 844 : 900 } });
  const page = await context.newPage();
  await page.goto(`/sign-in/link?token=${token}`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(`Signed in as ${person.name}`)).toBeVisible();
  return page;
}

/** The code and the link of the newest sign-in email to this address. */
export async function signInEmail(relay: TestRelay, to: string, after = 0) {
  let found: TestRelay['received'][number] | undefined;
  await expect
    .poll(() => (found = relay.received.slice(after).findLast((mail) => mail.envelope.to.includes(to) && mail.parsed.subject === 'Your sign-in code for Aldercrest Estates')), { timeout: 20_000 })
    .toBeTruthy();
  const text = found!.parsed.text ?? '';
  return { mail: found!, code: /Your code: (\d{6})/.exec(text)![1]!, link: new URL(/(https?:\/\/\S+\/sign-in\/link\?token=\S+)/.exec(text)![1]!) };
}

/** The newest code and link a server without a mail relay wrote to its log. */
export function signInCodeFromLog(output: string) {
  const line = output
    .split('\n')
    .filter((entry) => entry.includes('"event":"auth.sign_in_code"'))
    .at(-1);
  if (!line) throw new Error('no sign-in code in the log');
  const { code, link } = JSON.parse(line) as { code: string; link: string };
  return { code, link: new URL(link) };
}

/** Signs in as a person does: the address, then the code from the email (or the log), typed. */
export async function signInWithCode(page: Page, email: string, code: () => Promise<string>) {
  await page.goto('/sign-in');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'SEND A CODE' }).click();
  await expect(page.getByRole('status').first()).toHaveText('If this address may sign in, we have sent a code and a link to it.');
  await page.getByLabel('Code from the email').fill(await code());
  await page.getByRole('button', { name: 'SIGN IN' }).click();
}
