'use client';

import { useActionState, useRef } from 'react';
import { portalPage } from '@/lib/copy/portal';
import { registerClient } from '@/lib/portal/actions';
import { initialRegistrationState, REGISTRATION_LIMITS, type RegistrationField, type RegistrationFormState } from '@/lib/portal/registration-forms';
import styles from './client-registrations.module.scss';
import { useAnswerFocus } from '../shared/use-answer-focus';

const copy = portalPage.registrations;

/** What the answer says, in a sentence: the registration made, the one held already, or what to change. */
function answerOf(state: RegistrationFormState): string {
  const { outcome, registration } = state;
  if (!outcome) return '';
  const buyer = registration?.fullName ?? '';
  switch (outcome) {
    case 'registered':
      return copy.answers.registered(buyer, registration?.expires ?? '');
    case 'under_review':
      return copy.answers.under_review(buyer);
    case 'existing':
      return registration?.status === 'registered' ? copy.answers.existingRegistered(buyer, registration.expires ?? '') : copy.answers.existingReview(buyer);
    case 'terms':
      return '';
    default:
      return copy.answers[outcome];
  }
}

/** A broker registers a buyer; a refusal keeps what was typed, marks each field to change and says what it needs. */
export function RegistrationForm() {
  const [state, action, pending] = useActionState<RegistrationFormState, FormData>(registerClient, initialRegistrationState);
  const form = useRef<HTMLFormElement>(null);
  useAnswerFocus(form, state.answerId || null);
  const refused = state.outcome === 'refused' || state.outcome === 'unavailable' || state.outcome === 'not_broker';

  const input = (name: RegistrationField, props: { type?: 'email' | 'tel'; required?: boolean; autoComplete?: string; hint?: string }) => {
    const invalid = state.errors.includes(name);
    const described = [props.hint ? `registration-${name}-hint` : null, invalid ? `registration-${name}-error` : null].filter(Boolean).join(' ') || undefined;
    return (
      <div className={styles.field} data-field={name}>
        <label htmlFor={`registration-${name}`}>{copy.form[name]}</label>
        {name === 'note' ? (
          <textarea
            id="registration-note"
            name="note"
            rows={3}
            maxLength={REGISTRATION_LIMITS.note}
            defaultValue={state.values.note ?? ''}
            aria-invalid={invalid || undefined}
            aria-describedby={described}
          />
        ) : (
          <input
            id={`registration-${name}`}
            name={name}
            type={props.type ?? 'text'}
            maxLength={REGISTRATION_LIMITS[name]}
            required={props.required}
            autoComplete={props.autoComplete ?? 'off'}
            defaultValue={state.values[name] ?? ''}
            aria-invalid={invalid || undefined}
            aria-describedby={described}
          />
        )}
        {props.hint ? (
          <p id={`registration-${name}-hint`} className={styles.hint}>
            {props.hint}
          </p>
        ) : null}
        {invalid ? (
          <p id={`registration-${name}-error`} className={styles.error}>
            {copy.errors[name]}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <form ref={form} key={state.answerId} action={action} className={styles.form} aria-busy={pending} aria-labelledby="register-heading">
      <h3 id="register-heading">{copy.form.heading}</h3>
      <div className={styles.fields}>
        {input('fullName', { required: true })}
        {input('email', { type: 'email', required: true })}
        {input('phone', { type: 'tel' })}
      </div>
      {input('note', { hint: copy.form.noteHint })}
      <div className={styles.submit}>
        <button type="submit" disabled={pending}>
          {pending ? copy.form.submitting : copy.form.submit}
        </button>
        <p className={styles.said} role="status" aria-live="polite" data-outcome={refused ? 'refused' : state.outcome === 'under_review' || state.outcome === 'existing' ? 'review' : 'saved'}>
          {answerOf(state)}
          {state.registration && !refused ? (
            <>
              {' '}
              <a href={`/portal/registrations/${state.registration.id}`}>{copy.answers.view}</a>
            </>
          ) : null}
        </p>
      </div>
    </form>
  );
}
