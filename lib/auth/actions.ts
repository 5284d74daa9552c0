'use server';

import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { serverConfig } from '@/lib/config/server';
import { deliveryWorker } from '@/lib/delivery';
import { formText } from '@/lib/form-fields';
import { logEvent } from '@/lib/log';
import { clientAddress } from '@/lib/request';
import { isStoreError } from '@/lib/store';
import { describeDevice } from './device';
import { personName } from './person-name';
import type { SignInState } from './form-state';
import { actingAccount } from './guard';
import { beginRegistration, beginSignIn, finishRegistration, finishSignIn, relyingParty, type Ceremony } from './passkeys';
import { afterSignIn, authContext, clearSessionCookie, currentActor, safeReturnPath, setSessionCookie } from './session';
import { requestSignInCode, signInWithCode, signInWithLink } from './sign-in';
import { LINK_TOKEN, readCode } from './tokens';

// Signing in and out, and what one does to one's own account. Every action takes a form's data, so that it
// is posted as a form (the front door lets nothing else through) and works without JavaScript, passkeys aside.
// Signing in and out ask for no session; the rest act for the account signed in.

const address = z.string().trim().max(254).pipe(z.email());

/** The person signed in, or their team account for passkeys, from a page of this site, or sent back to their account page. */
const SIGNED_IN = { role: 'signedIn', refusedTo: '/account', log: 'account.refused' } as const;
const TEAM = { ...SIGNED_IN, role: 'team' } as const;
const OWNER = { ...SIGNED_IN, role: 'owner' } as const;

async function device(): Promise<string | null> {
  return describeDevice((await headers()).get('user-agent'));
}

/** The sign-in page's one action: asks for a code (`intent=request`), or signs in with one (`intent=verify`). */
export async function signIn(_previous: SignInState, formData: FormData): Promise<SignInState> {
  const next = safeReturnPath(formText(formData, 'next'));
  const typed = formText(formData, 'email', 320);
  const answer = (step: SignInState['step'], message: SignInState['message'], email = typed): SignInState => ({ step, email, next, message, answerId: crypto.randomUUID() });
  const email = address.safeParse(typed);
  if (!email.success) return answer('email', 'invalidEmail');

  let home: string;
  try {
    if (formText(formData, 'intent') !== 'verify') {
      const outcome = await requestSignInCode(authContext(), { email: email.data, clientAddress: clientAddress(await headers(), serverConfig().guards.clients) });
      if (outcome === 'sent' && serverConfig().mail) deliveryWorker().wake();
      return outcome === 'limited' ? answer('email', 'limited') : answer('code', outcome, email.data);
    }
    const code = readCode(formText(formData, 'code'));
    if (!code) return answer('code', 'invalidCode', email.data);
    const signedIn = await signInWithCode(authContext(), { email: email.data, code, device: await device() });
    if (signedIn.outcome === 'refused') return answer('code', 'wrongCode', email.data);
    await setSessionCookie(signedIn.session);
    home = afterSignIn(signedIn, next);
  } catch (error) {
    if (!isStoreError(error)) throw error;
    logEvent('auth.unavailable', { reason: error.reason, code: error.code }, 'error');
    return answer(formText(formData, 'intent') === 'verify' ? 'code' : 'email', 'unavailable');
  }
  // Outside the try: a redirect is thrown, and is no store's failure.
  redirect(home);
}

/** The button of the page a link opens. */
export async function signInFromLink(formData: FormData): Promise<void> {
  const token = formText(formData, 'token');
  if (!LINK_TOKEN.test(token)) redirect('/sign-in/link?dead');
  const signedIn = await signInWithLink(authContext(), { token, device: await device() });
  if (signedIn.outcome === 'refused') redirect('/sign-in/link?dead');
  await setSessionCookie(signedIn.session);
  redirect(afterSignIn(signedIn, null));
}

/** Where a sign-out button stood (the header, the account page), for the log; and what makes its form a form at all. */
const signOutFrom = (formData: FormData) => (formText(formData, 'from') === 'account' ? 'account' : 'frame');

/**
 * Ends this session, on the server and in the browser. It reads its form: an action that reads nothing is
 * called with no argument at all, posted as text rather than as a form, and the front door lets forms alone through.
 */
export async function signOut(formData: FormData): Promise<void> {
  const actor = await currentActor();
  if (actor) {
    await authContext().store.endSession(actor.sessionId);
    logEvent('auth.signed_out', { role: actor.role, from: signOutFrom(formData) });
  }
  await clearSessionCookie();
  redirect('/sign-in?signed-out');
}

/** Ends every session of the person signed in, this one too. */
export async function signOutEverywhere(formData: FormData): Promise<void> {
  const actor = await actingAccount(SIGNED_IN);
  const ended = await authContext().store.endAllSessions(actor, new Date());
  logEvent('auth.signed_out_everywhere', { role: actor.role, sessions: ended, from: signOutFrom(formData) });
  await clearSessionCookie();
  redirect('/sign-in?signed-out=everywhere');
}

/** Ends one of one's own other sessions, from the account page's list. */
export async function endOtherSession(formData: FormData): Promise<void> {
  const actor = await actingAccount(SIGNED_IN);
  const id = formText(formData, 'session');
  const ended = /^[a-z2-7]{24}$/.test(id) && (await authContext().store.endOwnSession(actor, id));
  redirect(ended ? '/account?saved=session' : '/account?refused');
}

export async function renameAccount(formData: FormData): Promise<void> {
  const actor = await actingAccount(SIGNED_IN);
  const name = personName.safeParse(formText(formData, 'name'));
  if (!name.success) {
    logEvent('account.refused', { action: 'name', reason: 'invalid' }, 'warn');
    redirect('/account?refused');
  }
  await authContext().store.renameAccount(actor, name.data, new Date());
  logEvent('account.renamed', {});
  redirect('/account?saved=name');
}

/** An owner asks for the week's figures by email every Monday at 8:00 (`on=true`), or no longer (`on=false`). */
export async function setWeeklyFigures(formData: FormData): Promise<void> {
  const actor = await actingAccount(OWNER);
  const on = formText(formData, 'on');
  if (on !== 'true' && on !== 'false') {
    logEvent('account.refused', { action: 'weekly_figures', reason: 'invalid' }, 'warn');
    redirect('/account?refused');
  }
  const now = await authContext().store.weeklyFigures(actor, on === 'true', serverConfig().timeZone, new Date());
  logEvent('account.weekly_figures', { on: now });
  redirect(`/account?saved=${now ? 'weeklyOn' : 'weeklyOff'}#weekly`);
}

/** What a passkey is called on its owner's page: any words, on one line. */
const passkeyLabel = z
  .string()
  .transform((value) => value.normalize('NFC').trim())
  .pipe(z.string().min(1).max(80).refine((value) => !/[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/.test(value)));

type CeremonyAnswer<Options> = ({ ok: true } & Ceremony<Options>) | { ok: false };
type RegistrationOptions = Awaited<ReturnType<typeof beginRegistration>>['options'];
type SignInOptions = Awaited<ReturnType<typeof beginSignIn>>['options'];

/**
 * Adds a passkey to the account of the team member signed in, in two posts from the account page's script:
 * without an `answer`, the options for the browser; with one, the browser's answer to verify and keep.
 */
export async function registerPasskey(formData: FormData): Promise<CeremonyAnswer<RegistrationOptions> | { ok: boolean }> {
  const actor = await actingAccount(TEAM);
  const rp = relyingParty((await headers()).get('origin'));
  if (!rp) return { ok: false };
  if (!formData.has('answer')) return { ok: true, ...(await beginRegistration(authContext(), actor, rp)) };
  const label = passkeyLabel.safeParse(formText(formData, 'label')).data ?? (await device()) ?? 'Passkey';
  return { ok: await finishRegistration(authContext(), actor, rp, { ceremony: formText(formData, 'ceremony'), answer: formData.get('answer'), label }) };
}

export async function removePasskey(formData: FormData): Promise<void> {
  const actor = await actingAccount(TEAM);
  const id = formText(formData, 'passkey');
  const removed = /^[A-Za-z0-9_-]{16,1366}$/.test(id) && (await authContext().store.removePasskey(actor, id, new Date()));
  if (removed) logEvent('auth.passkey_removed', {});
  redirect(removed ? '/account?saved=passkeyRemoved' : '/account?refused');
}

/**
 * Signs in with a passkey, in two posts from the sign-in page's script: without an `answer`, the options for
 * the browser; with one, the browser's answer, which opens a session and says where to go (or is refused).
 */
export async function signInWithPasskey(formData: FormData): Promise<CeremonyAnswer<SignInOptions> | { ok: true; to: string }> {
  const rp = relyingParty((await headers()).get('origin'));
  if (!rp) return { ok: false };
  if (!formData.has('answer')) return { ok: true, ...(await beginSignIn(authContext(), rp)) };
  const signedIn = await finishSignIn(authContext(), rp, { ceremony: formText(formData, 'ceremony'), answer: formData.get('answer'), device: await device() });
  if (signedIn.outcome === 'refused') return { ok: false };
  await setSessionCookie(signedIn.session);
  return { ok: true, to: afterSignIn(signedIn, safeReturnPath(formText(formData, 'next'))) };
}
