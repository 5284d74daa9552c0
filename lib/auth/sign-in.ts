import 'server-only';
import { randomUUID } from 'node:crypto';
import { logEvent } from '@/lib/log';
import type { Account, Invitation, RedeemOutcome } from '@/lib/auth/types';
import type { LeadStore } from '@/lib/store/types';
import { challengeSecrets, codeHash, linkHash, newSessionToken, normalizeEmail, type SessionToken } from './tokens';

/** What signing in needs from its surroundings; the Server Actions pass the server's, tests their own. */
export interface AuthContext {
  store: LeadStore;
  /** The server's key for codes and links (lib/auth/secret.ts). */
  key: Buffer;
  /** The time, in milliseconds since the epoch. */
  now: () => number;
  /** With mail configured, codes and invitations are emailed (through the outbox); without, written to the log. */
  mail: boolean;
  /** Where links point: the site's public address. */
  siteUrl: URL;
}

/** Requests for a code one address, and one client, may make in an hour. */
export const SIGN_IN_LIMITS = { perAddress: 5, perClient: 20, windowSeconds: 3600 } as const;

/** Where a sign-in link (an email's, or an invitation's) opens: a page with one button, which posts. */
export function signInLink(siteUrl: URL, link: string): string {
  const url = new URL('/sign-in/link', siteUrl);
  url.searchParams.set('token', link);
  return url.href;
}

/**
 * Asks for a code and a link for an address. The answer never says whether the address may sign in: the
 * same work is done and the same answer given either way, unless the address or the client has asked too
 * often (counted in the database), which says nothing of the address either. An address over its limit is
 * answered `recent` while an email already sent to it can still sign in, and is sent a new one once none can:
 * whoever else asks for it, its owner is never left without a way in.
 */
export async function requestSignInCode(context: AuthContext, { email, clientAddress }: { email: string; clientAddress: string }): Promise<'sent' | 'recent' | 'limited'> {
  const challengeId = randomUUID();
  const address = normalizeEmail(email);
  const { code, link } = challengeSecrets(context.key, challengeId);
  const answer = await context.store.requestSignIn({
    email: address,
    clientAddress,
    challengeId,
    codeHash: codeHash(context.key, address, code),
    linkHash: linkHash(link),
    now: new Date(context.now()),
    ...SIGN_IN_LIMITS,
    notify: context.mail,
  });
  logEvent('auth.code_requested', { outcome: answer.outcome, delivery: context.mail ? 'email' : 'log' }, answer.outcome === 'limited' || answer.outcome === 'recent' ? 'warn' : 'info');
  if (answer.outcome === 'issued' && !context.mail) {
    // No mail relay (a fresh clone): the code and link are the server's own to hand over.
    logEvent('auth.sign_in_code', { code, link: signInLink(context.siteUrl, link), validMinutes: 15 }, 'warn');
  }
  return answer.outcome === 'limited' || answer.outcome === 'recent' ? answer.outcome : 'sent';
}

export type SignedIn = { outcome: 'signed_in'; session: SessionToken; account: Account; askName: boolean } | Extract<RedeemOutcome, { outcome: 'refused' }>;

/** Opens a session when the store says the way in was good, and says how it went in one log line. */
export async function openSession(method: 'code' | 'link' | 'passkey', redeem: (session: SessionToken) => Promise<RedeemOutcome>): Promise<SignedIn> {
  const session = newSessionToken();
  const answer = await redeem(session);
  if (answer.outcome === 'refused') {
    logEvent('auth.sign_in_refused', { method, reason: answer.reason }, 'warn');
    return answer;
  }
  logEvent('auth.signed_in', { method, role: answer.account.role });
  return { outcome: 'signed_in', session, account: answer.account, askName: answer.askName };
}

export function signInWithCode(context: AuthContext, { email, code, device }: { email: string; code: string; device: string | null }): Promise<SignedIn> {
  return openSession('code', (session) =>
    context.store.redeemCode(normalizeEmail(email), codeHash(context.key, email, code), new Date(context.now()), { id: session.id, secretHash: session.secretHash, device }),
  );
}

export function signInWithLink(context: AuthContext, { token, device }: { token: string; device: string | null }): Promise<SignedIn> {
  return openSession('link', (session) => context.store.redeemLink(linkHash(token), new Date(context.now()), { id: session.id, secretHash: session.secretHash, device }));
}

/** Whether a link may still sign someone in, for the page it opens (which spends nothing). */
export function linkState(context: AuthContext, token: string) {
  return context.store.linkState(linkHash(token), new Date(context.now()));
}

/**
 * A new invitation (a link valid 7 days): what the store keeps of it, and the link itself, which only the
 * invitation's email carries (or, without mail, the log).
 */
export function newInvitation(context: AuthContext): { invitation: Invitation; link: string } {
  const challengeId = randomUUID();
  const { link } = challengeSecrets(context.key, challengeId);
  return { invitation: { challengeId, linkHash: linkHash(link) }, link: signInLink(context.siteUrl, link) };
}

/** Without mail, an invitation's link is written to the log for whoever runs the server to hand over. */
export function logInvitation(context: AuthContext, link: string, kind: 'team' | 'broker'): void {
  if (!context.mail) logEvent('auth.invitation_link', { kind, link, validDays: 7 }, 'warn');
}
