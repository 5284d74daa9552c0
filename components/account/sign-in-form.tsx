'use client';

import { useActionState, useEffect, useRef } from 'react';
import { signIn } from '@/lib/auth/actions';
import type { SignInState } from '@/lib/auth/form-state';
import { signInPage as copy } from '@/lib/copy/account';
import styles from './auth-form.module.scss';
import { PasskeySignIn } from './passkey-sign-in';

const ERRORS: readonly SignInState['message'][] = ['invalidEmail', 'invalidCode', 'wrongCode', 'limited', 'unavailable'];

/**
 * An address, then the code sent to it. Bound straight to its Server Action, so it works before hydration and
 * without JavaScript; the passkey's way in is offered once a script finds the browser can make one.
 */
export function SignInForm({ next, farewell }: { next: string | null; farewell: string | null }) {
  const [state, action, pending] = useActionState<SignInState, FormData>(signIn, { step: 'email', email: '', next, message: null, answerId: '' });
  const field = useRef<HTMLInputElement>(null);
  const message = state.message ? copy[state.message] : farewell;
  const error = ERRORS.includes(state.message);

  // Each answer puts the cursor where the next thing is to be typed.
  useEffect(() => {
    if (state.answerId) field.current?.focus();
  }, [state.answerId]);

  const status = (
    <p id="sign-in-status" className={styles.status} role="status" aria-live="polite" data-tone={error ? 'error' : 'ok'}>
      {message ?? ''}
    </p>
  );
  const keep = next ? <input type="hidden" name="next" value={next} /> : null;

  if (state.step === 'code') {
    return (
      <>
        {status}
        <p className={styles.address}>{state.email}</p>
        <form id="sign-in-code" className={styles.form} action={action} aria-busy={pending}>
          <input type="hidden" name="intent" value="verify" />
          <input type="hidden" name="email" value={state.email} />
          {keep}
          <label className={styles.label} htmlFor="sign-in-code-field">
            {copy.code}
          </label>
          <input
            ref={field}
            id="sign-in-code-field"
            className={`${styles.field} ${styles.code}`}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9 \-]{6,9}"
            maxLength={9}
            required
            aria-describedby="sign-in-code-hint"
            aria-invalid={state.message === 'wrongCode' || state.message === 'invalidCode' ? true : undefined}
          />
          <p id="sign-in-code-hint" className={styles.hint}>
            {copy.codeHint}
          </p>
          <button type="submit" className={styles.submit} disabled={pending}>
            {pending ? copy.verifying : copy.verify}
          </button>
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
      <form id="sign-in-email" className={styles.form} action={action} aria-busy={pending}>
        <input type="hidden" name="intent" value="request" />
        {keep}
        <label className={styles.label} htmlFor="sign-in-email-field">
          {copy.email}
        </label>
        <input
          ref={field}
          id="sign-in-email-field"
          className={styles.field}
          name="email"
          type="email"
          autoComplete="username webauthn"
          maxLength={254}
          required
          defaultValue={state.email}
          aria-invalid={state.message === 'invalidEmail' ? true : undefined}
        />
        <button type="submit" className={styles.submit} disabled={pending}>
          {pending ? copy.sending : copy.send}
        </button>
      </form>
      <PasskeySignIn next={next} />
    </>
  );
}
