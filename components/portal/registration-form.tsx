'use client';

import { useActionState, useRef } from 'react';
import { portalPage } from '@/lib/copy/portal';
import { registerClient } from '@/lib/portal/actions';
import { initialRegistrationState, REGISTRATION_LIMITS, type RegistrationField, type RegistrationFormState } from '@/lib/portal/registration-forms';
import { Button } from '../shared/button';
import { FormField } from '../shared/form-field';
import { KeptTextarea } from '../shared/kept-textarea';
import { StatusSentence, type StatusTone } from '../shared/status-sentence';
import { useAnswerFocus } from '../shared/use-answer-focus';
import styles from './registration-form.module.scss';

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

/** What the answer means: refused, made, or waiting on the team (under review, or held already). */
function toneOf(state: RegistrationFormState): StatusTone {
  if (state.outcome === 'refused' || state.outcome === 'unavailable' || state.outcome === 'not_broker') return 'error';
  return state.outcome === 'under_review' || state.outcome === 'existing' ? 'info' : 'success';
}

/** How each field is typed. */
const INPUTS: Record<Exclude<RegistrationField, 'note'>, { type: 'text' | 'email' | 'tel'; required: boolean }> = {
  fullName: { type: 'text', required: true },
  email: { type: 'email', required: true },
  phone: { type: 'tel', required: false },
};

/** A broker registers a buyer; a refusal keeps what was typed, marks each field to change and says what it needs. */
export function RegistrationForm() {
  const [state, action, pending] = useActionState<RegistrationFormState, FormData>(registerClient, initialRegistrationState);
  const form = useRef<HTMLFormElement>(null);
  useAnswerFocus(form, state.answerId || null);
  const tone = toneOf(state);
  const answer = answerOf(state);

  const field = (name: RegistrationField) => (
    <FormField
      id={`registration-${name}`}
      name={name}
      label={copy.form[name]}
      hint={name === 'note' ? copy.form.noteHint : undefined}
      error={state.errors.includes(name) ? copy.errors[name] : undefined}
    >
      {(control) =>
        name === 'note' ? (
          <KeptTextarea {...control} name="note" rows={3} maxLength={REGISTRATION_LIMITS.note} defaultValue={state.values.note ?? ''} />
        ) : (
          <input
            {...control}
            name={name}
            type={INPUTS[name].type}
            maxLength={REGISTRATION_LIMITS[name]}
            required={INPUTS[name].required}
            autoComplete="off"
            defaultValue={state.values[name] ?? ''}
          />
        )
      }
    </FormField>
  );

  return (
    <form ref={form} key={state.answerId} action={action} className={styles.form} aria-busy={pending} aria-labelledby="register-heading">
      <h3 id="register-heading">{copy.form.heading}</h3>
      <div className={styles.fields}>
        {field('fullName')}
        {field('email')}
        {field('phone')}
      </div>
      {field('note')}
      <Button disabled={pending}>{pending ? copy.form.submitting : copy.form.submit}</Button>
      <StatusSentence tone={tone}>
        {answer ? (
          <>
            {answer}
            {state.registration && tone !== 'error' ? (
              <>
                {' '}
                <a href={`/portal/registrations/${state.registration.id}`}>{copy.answers.view}</a>
              </>
            ) : null}
          </>
        ) : null}
      </StatusSentence>
    </form>
  );
}
