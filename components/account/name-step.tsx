'use client';

import { useActionState, useEffect, useRef } from 'react';
import type { NameStepState } from '@/lib/auth/form-state';
import { confirmAccountName } from '@/lib/auth/name-actions';
import { nameStep as copy } from '@/lib/copy/account';
import { Button } from '../shared/button';
import { FormField } from '../shared/form-field';
import { StatusSentence } from '../shared/status-sentence';
import styles from './auth-form.module.scss';

const STATUS_ID = 'name-step-status';

/**
 * What to call the person just signed in, the guess from their address filled in: saved as typed, or kept for now.
 * Both forms post to one Server Action, so they work before hydration and without JavaScript; `next` is where the
 * person was going.
 */
export function NameStep({ guess, next }: { guess: string; next: string }) {
  const [state, action, pending] = useActionState<NameStepState, FormData>(confirmAccountName, { refusal: null, name: guess, answerId: '' });
  const field = useRef<HTMLInputElement>(null);

  // A refusal puts the cursor back in the name, to be corrected.
  useEffect(() => {
    if (state.answerId) field.current?.focus();
  }, [state.answerId]);

  return (
    <>
      <p className={styles.intro}>{copy.intro}</p>
      <StatusSentence id={STATUS_ID} tone="error">
        {state.refusal ? copy[state.refusal] : null}
      </StatusSentence>
      <form id="name-step" className={styles.form} action={action} aria-busy={pending}>
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="next" value={next} />
        <FormField id="name-step-field" label={copy.name} hint={copy.hint} {...(state.refusal === 'invalidName' ? { invalid: true, describedBy: STATUS_ID } : {})}>
          {(control) => (
            // Keyed by the answer, so that a refused name is shown as it was typed (React resets a form after its action).
            <input {...control} key={state.answerId} ref={field} name="name" defaultValue={state.name} maxLength={80} required autoComplete="name" autoCapitalize="words" />
          )}
        </FormField>
        <Button className={styles.wide} disabled={pending}>
          {pending ? copy.saving : copy.save}
        </Button>
      </form>
      <form className={styles.links} action={action}>
        <input type="hidden" name="intent" value="skip" />
        <input type="hidden" name="next" value={next} />
        <button type="submit" disabled={pending}>
          {copy.skip}
        </button>
      </form>
    </>
  );
}
