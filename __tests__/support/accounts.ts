import { randomBytes } from 'node:crypto';
import { openSession, requestSignInCode, signInWithCode, type AuthContext } from '@/lib/auth/sign-in';
import { challengeSecrets } from '@/lib/auth/tokens';
import type { AccountRole, Actor } from '@/lib/auth/types';
import type { StoreUnderTest } from './stores';

/** A sign-in context on a store under test, with a key of its own and the clock the test moves. */
export function authContextFor(subject: StoreUnderTest, now: () => number, mail = true): AuthContext & { key: Buffer } {
  return { store: subject.store, key: randomBytes(32), now, mail, siteUrl: new URL('https://aldercrest.example') };
}

export interface Person {
  email: string;
  name: string;
  role: AccountRole;
}

/** The people the tests act as, by the name each test calls them. */
export const PEOPLE = {
  ava: { email: 'ava@aldercrest.example', name: 'Ava Laurent', role: 'owner' },
  julien: { email: 'julien@aldercrest.example', name: 'Julien Marchetti', role: 'member' },
  lena: { email: 'lena@aldercrest.example', name: 'Lena Brooks', role: 'member' },
  marcus: { email: 'marcus@hale.realty', name: 'Marcus Hale', role: 'broker' },
  nadia: { email: 'nadia@north.realty', name: 'Nadia North', role: 'broker' },
  nadiaOkafor: { email: 'nadia@okafor-estates.example', name: 'Nadia Okafor', role: 'broker' },
} as const satisfies Record<string, Person>;

/** An account as the database keeps it, made directly (a team member an owner invited, a broker approved). */
export async function createAccount(subject: StoreUnderTest, { email, name, role }: Person): Promise<string> {
  const [row] = await subject.sql<{ id: string }>(
    'insert into private.accounts (email, name, role, brokerage) values ($1, $2, $3, $4) returning id',
    [email.toLowerCase(), name, role, role === 'broker' ? 'Hale Realty' : null],
  );
  return row!.id;
}

/**
 * The code and link of the newest challenge (of an address, when named) as its email would carry them, derived
 * with the context's key. Among several made at one moment of the test's clock, the one whose code still works.
 */
export async function newestChallenge(subject: StoreUnderTest, context: AuthContext, purpose: 'sign_in' | 'invitation' = 'sign_in', email?: string) {
  const [row] = await subject.sql<{ id: string }>(
    `select id from private.sign_in_challenges
     where purpose = $1 and ($2::text is null or email_hash = private.salted_hash(lower($2::text)))
     order by created_at desc, (used_at is null and code_spent_at is null) desc, id limit 1`,
    [purpose, email ?? null],
  );
  return { id: row!.id, ...challengeSecrets(context.key, row!.id) };
}

/** Signs in for real, by email code, and hands back the Actor the server would make of the session, with its cookie's value. */
export async function signInAs(subject: StoreUnderTest, context: AuthContext, email: string): Promise<Actor & { token: string }> {
  await requestSignInCode(context, { email, clientAddress: `198.51.100.${Math.floor(Math.random() * 250)}` });
  const { code } = await newestChallenge(subject, context, 'sign_in', email);
  const signedIn = await signInWithCode(context, { email, code, device: 'Chrome on Android' });
  if (signedIn.outcome !== 'signed_in') throw new Error(`could not sign in as ${email}: ${signedIn.reason}`);
  return { ...signedIn.account, sessionId: signedIn.session.id, token: signedIn.session.token };
}

/** Makes the accounts of the people named, then signs each in, in that order: the Actors a test acts as, by name. */
export async function signInPeople<Name extends keyof typeof PEOPLE>(
  subject: StoreUnderTest,
  context: AuthContext,
  names: readonly Name[],
): Promise<Record<Name, Actor & { token: string }>> {
  for (const name of names) await createAccount(subject, PEOPLE[name]);
  const actors = {} as Record<Name, Actor & { token: string }>;
  for (const name of names) actors[name] = await signInAs(subject, context, PEOPLE[name].email);
  return actors;
}

export { openSession };

/**
 * The portal open to these brokers, as once the team has published its terms (a first version, unless one is)
 * and each broker has accepted the latest: the store closes the portal to a broker before (AC003).
 */
export async function openPortalTo(subject: StoreUnderTest, ...brokers: readonly { id: string }[]): Promise<void> {
  await subject.sql(
    "insert into private.terms_versions (number, body, published_at) select 1, 'Commission: 2.5% of the sale price.', now() where not exists (select 1 from private.terms_versions)",
  );
  for (const broker of brokers) {
    await subject.sql(
      'insert into private.terms_acceptances (account_id, version, accepted_at) select $1, max(number), now() from private.terms_versions on conflict do nothing',
      [broker.id],
    );
  }
}
