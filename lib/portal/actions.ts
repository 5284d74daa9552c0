'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { requireSignedIn } from '@/lib/auth/session';
import { logEvent } from '@/lib/log';
import { getStore, isStoreError } from '@/lib/store';
import { PORTAL_REFUSALS } from '@/lib/store/types';

/** A broker accepts the co-brokerage terms they were shown: only the latest version counts (the store says so again). */
export async function acceptTerms(formData: FormData) {
  const actor = await requireSignedIn();
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
