'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { actingAccount } from '@/lib/auth/guard';
import { serverConfig } from '@/lib/config/server';
import { logEvent } from '@/lib/log';
import { readId } from '@/lib/query-params';
import { getStore, isStoreError } from '@/lib/store';
import { PORTAL_REFUSALS } from '@/lib/portal/types';
import type { RegistrationFormState } from './registration-forms';
import { registerClient as register, renewClientRegistration, type PortalContext } from './registrations';

/** The account posting, from a page of this site: a post from anywhere else is refused back to the portal. */
const SIGNED_IN_HERE = { role: 'signedIn', refusedTo: '/portal', log: 'portal.refused' } as const;

/** The server's store, clock and time zone, for the registrations' actions. */
const portalContext = (): PortalContext => ({ store: getStore(), now: Date.now, timeZone: serverConfig().timeZone });

/** A broker accepts the co-brokerage terms they were shown: only the latest version counts (the store says so again). */
export async function acceptTerms(formData: FormData) {
  const actor = await actingAccount(SIGNED_IN_HERE);
  const version = Number(formData.get('version'));
  if (!Number.isSafeInteger(version) || version < 1) {
    logEvent('portal.terms_refused', { reason: 'malformed' }, 'warn');
    redirect('/portal?refused=terms');
  }
  let outcome: 'accepted' | 'stale';
  try {
    await getStore().acceptTerms(actor, version, new Date());
    outcome = 'accepted';
  } catch (error) {
    if (!isStoreError(error) || error.code !== PORTAL_REFUSALS.termsStale) throw error;
    outcome = 'stale';
  }
  logEvent(outcome === 'accepted' ? 'portal.terms_accepted' : 'portal.terms_refused', { version, ...(outcome === 'stale' ? { reason: 'stale' } : {}) }, outcome === 'accepted' ? 'info' : 'warn');
  // The portal as it now is, not the copy the browser's router holds of it.
  revalidatePath('/portal');
  redirect(outcome === 'accepted' ? '/portal' : '/portal?refused=stale');
}

/** A broker registers a buyer; the answer is the form's (useActionState), with or without JavaScript. */
export async function registerClient(_previous: RegistrationFormState, formData: FormData): Promise<RegistrationFormState> {
  const actor = await actingAccount(SIGNED_IN_HERE);
  const state = await register(portalContext(), actor, formData);
  // The terms came first, or changed while the form was open: the portal shows them.
  if (state.outcome === 'terms') redirect('/portal');
  // The list beside the form, and the registration's page, as they now are.
  if (state.outcome === 'registered' || state.outcome === 'under_review') revalidatePath('/portal', 'layout');
  return state;
}

/**
 * A broker renews a registration in its last 14 days, from the list or from its page, and is sent back there
 * with the outcome to read (a plain form post: no JavaScript needed).
 */
export async function renewRegistration(formData: FormData) {
  const actor = await actingAccount(SIGNED_IN_HERE);
  const id = readId(formData.get('id'));
  const outcome = await renewClientRegistration(portalContext(), actor, id);
  if (outcome === 'terms' || outcome === 'not_broker') redirect('/portal');
  revalidatePath('/portal', 'layout');
  // Back to the page it came from only when the id is one (the page checks it is theirs again).
  const fromPage = formData.get('from') === 'page' && id !== null;
  redirect(fromPage ? `/portal/registrations/${id}?renewal=${outcome}` : `/portal?renewal=${outcome}#registrations`);
}
