'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { actingAccount } from '@/lib/auth/guard';
import { authContext } from '@/lib/auth/session';
import { deliveryWorker } from '@/lib/delivery';
import { formText } from '@/lib/form-fields';
import { logEvent } from '@/lib/log';
import { recordId } from '@/lib/query-params';
import { isStoreError } from '@/lib/store';
import { REASON_MAX_CHARACTERS, type DecisionFormState } from './decision-state';
import { checkDecision } from './registration-forms';

// The team's decision on a client registration under review. Who acts is asked here, and the store refuses
// anyone but the team again (42501) whatever reached it. The log says what happened, never about whom.

/** Registers or declines a registration under review; with mail set up, the broker's email joins the outbox. */
export async function decideRegistration(_previous: DecisionFormState, formData: FormData): Promise<DecisionFormState> {
  const actor = await actingAccount({ role: 'team', refusedTo: '/admin/registrations', log: 'registration.refused' });
  const typedDecision = formText(formData, 'decision');
  const typedReason = formText(formData, 'reason');
  const answer = (outcome: DecisionFormState['outcome'], length = 0): DecisionFormState => ({
    outcome,
    decision: typedDecision === 'registered' || typedDecision === 'declined' ? typedDecision : '',
    // Shown again as typed, up to a little past what fits, so that a long reason can be shortened rather than lost.
    reason: typedReason.slice(0, REASON_MAX_CHARACTERS * 2),
    length,
    answerId: crypto.randomUUID(),
  });

  const id = recordId.safeParse(formData.get('id'));
  if (!id.success) {
    logEvent('registration.refused', { reason: 'invalid_id' }, 'warn');
    return answer('gone');
  }
  const checked = checkDecision(typedDecision, typedReason);
  if ('refused' in checked) {
    logEvent('registration.refused', { reason: checked.refused }, 'warn');
    return answer(checked.refused, checked.length);
  }

  const context = authContext();
  const decision = checked.decision.status;
  let decided: boolean;
  try {
    decided = await context.store.decideRegistration(actor, id.data, checked.decision, context.mail, new Date(context.now()));
  } catch (error) {
    if (!isStoreError(error)) throw error;
    logEvent('registration.unavailable', { action: 'decide', reason: error.reason, code: error.code }, 'error');
    return answer('unavailable');
  }
  const page = `/admin/registrations/${id.data}`;
  if (!decided) {
    // Decided by someone else meanwhile, or gone: the page says which.
    const still = await context.store.registrationReview(actor, id.data);
    if (!still) {
      logEvent('registration.refused', { reason: 'not_found' }, 'warn');
      return answer('gone');
    }
    logEvent('registration.refused', { reason: 'not_under_review', status: still.registration.status }, 'warn');
    revalidatePath('/admin/registrations', 'layout');
    redirect(`${page}?refused=already`);
  }
  logEvent('registration.decided', { decision, notified: context.mail });
  if (context.mail) deliveryWorker().wake();
  // The list, this page and the count under review in every team page's header.
  revalidatePath('/admin', 'layout');
  redirect(`${page}?saved=${decision}${context.mail ? '' : 'Quiet'}`);
}
