import 'server-only';
import { cookies, headers } from 'next/headers';
import { notFound, redirect } from 'next/navigation';
import { cache } from 'react';
import { serverConfig } from '@/lib/config/server';
import { siteUrl } from '@/lib/config/site';
import { logEvent } from '@/lib/log';
import { getStore, type LeadStore } from '@/lib/store';
import type { Account, Actor, AccountRole } from '@/lib/auth/types';
import { REQUESTED_PATH_HEADER, SESSION_COOKIE, SESSION_COOKIE_OPTIONS } from './cookie';
import { authKey } from './secret';
import type { AuthContext } from './sign-in';
import { readSessionToken, secretMatches, type SessionToken } from './tokens';

export const TEAM_ROLES: readonly AccountRole[] = ['owner', 'member'];

/** Who a cookie's session belongs to, while it lives and its secret matches; null otherwise. */
export async function verifySession(store: LeadStore, cookie: string | undefined, now: Date): Promise<Actor | null> {
  const token = readSessionToken(cookie);
  if (!token) {
    if (cookie) logEvent('auth.session_refused', { reason: 'malformed' }, 'warn');
    return null;
  }
  const stored = await store.session(token.id, now);
  if (!stored) return null;
  if (!secretMatches(token.secret, stored.secretHash)) {
    logEvent('auth.session_refused', { reason: 'secret' }, 'warn');
    return null;
  }
  return { ...stored.account, sessionId: token.id };
}

/** The person signed in on this request, or null; asked once per request however many parts ask. */
export const currentActor = cache(async (): Promise<Actor | null> => verifySession(getStore(), (await cookies()).get(SESSION_COOKIE)?.value, new Date()));

/** Where a sign-in should return to: a path of this site the proxy saw asked for, else none. */
async function returnPath(): Promise<string | null> {
  return safeReturnPath((await headers()).get(REQUESTED_PATH_HEADER));
}

/** A path of this site to go on to after signing in (`/admin/leads/…`); anything else (another site, `//x`, `/\x`) is none. */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 512 || !/^\/(?:admin|account|portal)(?:[/?#]|$)/.test(value)) return null;
  return /[\\\u0000-\u001F\u007F]/.test(value) ? null : value;
}

/** Someone signed in, else off to the sign-in page (returning here after). */
async function requireActor(): Promise<Actor> {
  const actor = await currentActor();
  if (actor) return actor;
  const back = await returnPath();
  redirect(back ? `/sign-in?next=${encodeURIComponent(back)}` : '/sign-in');
}

/**
 * A team member, for every page and action of the inbox. A broker is told nothing is here (404); the store
 * refuses them again in any case, whatever reached it.
 */
export async function requireTeam(): Promise<Actor> {
  const actor = await requireActor();
  if (!TEAM_ROLES.includes(actor.role)) notFound();
  return actor;
}

/** An owner, for the team's management. */
export async function requireOwner(): Promise<Actor> {
  const actor = await requireTeam();
  if (actor.role !== 'owner') notFound();
  return actor;
}

/** Anyone signed in: their own account page. */
export const requireSignedIn = requireActor;

/** The landing place of each kind of account once signed in: the inbox for the team, the portal for a broker. */
export function homeOf(role: AccountRole): string {
  return TEAM_ROLES.includes(role) ? '/admin' : '/portal';
}

/** The page that asks a person their name after signing in, while it is only the guess their address gave. */
export const NAME_STEP = '/sign-in/name';

/** Where a sign-in goes on to: where the person was going, else their home; by the question of their name while it is open. */
export function afterSignIn(signedIn: { account: Pick<Account, 'role'>; askName: boolean }, next: string | null): string {
  const destination = next ?? homeOf(signedIn.account.role);
  return signedIn.askName ? `${NAME_STEP}?next=${encodeURIComponent(destination)}` : destination;
}

/** The server's sign-in context, for the actions and pages. */
export function authContext(): AuthContext {
  const config = serverConfig();
  return { store: getStore(), key: authKey(config.store), now: Date.now, mail: config.mail !== null, siteUrl: siteUrl() };
}

/** Sets the cookie of a session just opened. */
export async function setSessionCookie(session: SessionToken): Promise<void> {
  (await cookies()).set(SESSION_COOKIE, session.token, SESSION_COOKIE_OPTIONS);
}

export async function clearSessionCookie(): Promise<void> {
  (await cookies()).set(SESSION_COOKIE, '', { ...SESSION_COOKIE_OPTIONS, maxAge: 0 });
}
