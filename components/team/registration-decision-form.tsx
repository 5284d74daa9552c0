'use client';

import { useActionState, useRef } from 'react';
import { decideRegistration } from '@/lib/admin/registration-actions';
import { initialDecisionState, REASON_MAX_CHARACTERS, type DecisionFormState } from '@/lib/admin/registration-forms';
import { registrationsPage } from '@/lib/copy/team-brokers';
import styles from '../shared/registrations.module.scss';
import { useAnswerFocus } from '../shared/use-answer-focus';

const copy = registrationsPage.decision;

/** What a refusal says. */
function refusalOf(state: DecisionFormState): string {
  if (!state.outcome) return '';
  if (state.outcome === 'long') return registrationsPage.answers.long(state.length);
  return registrationsPage.answers[state.outcome];
}

/** Registers or declines a registration under review; a refusal keeps the choice and the reason and says what to change. */
export function RegistrationDecisionForm({ id }: { id: string }) {
  const [state, action, pending] = useActionState<DecisionFormState, FormData>(decideRegistration, initialDecisionState);
  const form = useRef<HTMLFormElement>(null);
  useAnswerFocus(form, state.outcome ? state.answerId : null);
  const reasonRefused = state.outcome === 'reason' || state.outcome === 'long' || state.outcome === 'control';
  return (
    <form key={state.answerId} ref={form} action={action} className={styles.form} aria-busy={pending}>
      {/* First, so that a refusal is read before what it is about. */}
      <p id="decision-refusal" className={styles.refusal} role="status" aria-live="polite">
        {refusalOf(state)}
      </p>
      <input type="hidden" name="id" value={id} />
      <fieldset aria-invalid={state.outcome === 'choose' ? true : undefined}>
        <legend>{copy.legend}</legend>
        <label className={styles.choice}>
          <input type="radio" name="decision" value="registered" required defaultChecked={state.decision === 'registered'} />
          <span>{copy.register}</span>
          <small>{copy.registerHint}</small>
        </label>
        <label className={styles.choice}>
          <input type="radio" name="decision" value="declined" required defaultChecked={state.decision === 'declined'} />
          <span>{copy.decline}</span>
          <small>{copy.declineHint}</small>
        </label>
      </fieldset>
      <div className={styles.field}>
        <label htmlFor="decision-reason">{copy.reason}</label>
        <textarea
          id="decision-reason"
          name="reason"
          rows={4}
          // A little past what fits, so that a long reason can be shortened here rather than cut silently.
          maxLength={REASON_MAX_CHARACTERS * 2}
          defaultValue={state.reason}
          aria-invalid={reasonRefused ? true : undefined}
          // A refusal about the reason is read with it, before the hint.
          aria-describedby={reasonRefused ? 'decision-refusal decision-reason-hint' : 'decision-reason-hint'}
        />
        <p id="decision-reason-hint" className={styles.hint}>
          {copy.reasonHint}
        </p>
      </div>
      <button type="submit" disabled={pending}>
        {pending ? copy.submitting : copy.submit}
      </button>
    </form>
  );
}
