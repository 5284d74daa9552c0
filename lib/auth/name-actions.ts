'use server';

import { redirect } from 'next/navigation';
import { z } from 'zod';
import { formText, parseFields } from '@/lib/form-fields';
import { logEvent } from '@/lib/log';
import { isStoreError } from '@/lib/store';
import type { NameStepState } from './form-state';
import { actingAccount } from './guard';
import { personName } from './person-name';
import { authContext, homeOf, NAME_STEP, safeReturnPath } from './session';

/** The person just signed in, posting from the page that asks their name. */
const SIGNED_IN = { role: 'signedIn', refusedTo: NAME_STEP, log: 'account.refused', action: 'name' } as const;

const answer = z.object({ name: personName });

/**
 * The answer to "what should we call you?" after a first sign-in: the name typed (`intent=save`), or the guess kept
 * for now (`intent=skip`); then on to where the person was going. A name refused comes back as typed, with why.
 */
export async function confirmAccountName(_previous: NameStepState, formData: FormData): Promise<NameStepState> {
  const actor = await actingAccount(SIGNED_IN);
  const typed = formText(formData, 'name', 200);
  const refuse = (refusal: NonNullable<NameStepState['refusal']>): NameStepState => ({ refusal, name: typed, answerId: crypto.randomUUID() });
  // Null: the guess kept for now.
  let name: string | null = null;
  if (formText(formData, 'intent') !== 'skip') {
    const parsed = parseFields(answer, { name: typed });
    if (!parsed.success) {
      logEvent('account.name_refused', { reason: 'invalid_name' }, 'warn');
      return refuse('invalidName');
    }
    name = parsed.data.name;
  }
  try {
    if (name === null) await authContext().store.keepName(actor);
    else await authContext().store.confirmName(actor, name, new Date());
  } catch (error) {
    if (!isStoreError(error)) throw error;
    logEvent('account.name_refused', { reason: 'unavailable', store: error.reason, code: error.code }, 'error');
    return refuse('unavailable');
  }
  logEvent('account.name_answered', { answer: name === null ? 'skipped' : 'saved', role: actor.role });
  redirect(safeReturnPath(formText(formData, 'next')) ?? homeOf(actor.role));
}
