'use client';

import { useActionState, useEffect, useRef } from 'react';
import { signIn } from '@/lib/auth/actions';
import type { SignInState } from '@/lib/auth/form-state';
import { signInPage as copy } from '@/lib/copy/account';
import { Button } from '../shared/button';
import { EmailAddress } from '../shared/email-address';
import { FormField } from '../shared/form-field';
import { StatusSentence } from '../shared/status-sentence';
import styles from './auth-form.module.scss';
import { PasskeySignIn } from './passkey-sign-in';

const ERRORS: readonly SignInState['message'][] = ['invalidEmail', 'invalidCode', 'wrongCode', 'limited', 'unavailable'];
const STATUS_ID = 'sign-in-status';

/**
 * An address, then the code sent to it. Bound straight to its Server Action, so it works before hydration and
 * without JavaScript; the passkey's way in is offered once a script finds the browser can make one.
 */
export function SignInForm({ next, farewell }: { next: string | null; farewell: string | null }) {
  const [state, action, pending] = useActionState<SignInState, FormData>(signIn, { step: 'email', email: '', next, message: null, answerId: '' });
  const field = useRef<HTMLInputElement>(null);
  const message = state.message ? copy[state.message] : farewell;
  // A field the answer refuses is marked, and described by the sentence that says why.
  const fault = (refused: boolean) => (refused ? { invalid: true, describedBy: STATUS_ID } : {});

  // Each answer puts the cursor where the next thing is to be typed.
  useEffect(() => {
    if (state.answerId) field.current?.focus();
  }, [state.answerId]);

  const status = (
    <StatusSentence id={STATUS_ID} tone={ERRORS.includes(state.message) ? 'error' : 'success'}>
      {message}
    </StatusSentence>
  );
  const keep = next ? <input type="hidden" name="next" value={next} /> : null;

  if (state.step === 'code') {
    return (
      <>
        {status}
        <EmailAddress className={styles.address} address={state.email} link={false} />
        <form id="sign-in-code" className={styles.form} action={action} aria-busy={pending}>
          <input type="hidden" name="intent" value="verify" />
          <input type="hidden" name="email" value={state.email} />
          {keep}
          <FormField id="sign-in-code-field" label={copy.code} hint={copy.codeHint} {...fault(state.message === 'wrongCode' || state.message === 'invalidCode')}>
            {(control) => (
              <input
                {...control}
                ref={field}
                className={`${control.className} ${styles.code}`}
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9 \-]{6,9}"
                maxLength={9}
                required
              />
            )}
          </FormField>
          <Button className={styles.wide} disabled={pending}>
            {pending ? copy.verifying : copy.verify}
          </Button>
        </form>
        <form className={styles.links} action={action}>
          <input type="hidden" name="intent" value="request" />
          <input type="hidden" name="email" value={state.email} />
          {keep}
          <button type="submit" disabled={pending}>
            {copy.resend}
          </button>
          <a href={next ? `/sign-in?next=${encodeURIComponent(next)}` : '/sign-in'}>{copy.another}</a>
        </form>
      </>
    );
  }

  return (
    <>
      <p className={styles.intro}>{copy.intro}</p>
      {status}
      {/* Where the passkey's way in comes once the page's script runs: a device that has used one wakes at once. */}
      <form id="sign-in-email" className={styles.form} action={action} aria-busy={pending} data-passkey-way="">
        <input type="hidden" name="intent" value="request" />
        {keep}
        <FormField id="sign-in-email-field" label={copy.email} {...fault(state.message === 'invalidEmail')}>
          {(control) => (
            <input {...control} ref={field} name="email" type="email" autoComplete="username webauthn" maxLength={254} required defaultValue={state.email} />
          )}
        </FormField>
        <Button className={styles.wide} disabled={pending}>
          {pending ? copy.sending : copy.send}
        </Button>
      </form>
      <PasskeySignIn next={next} />
    </>
  );
}
