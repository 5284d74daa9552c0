'use client';

import { useActionState, useRef } from 'react';
import { decideRegistration } from '@/lib/admin/registration-actions';
import { initialDecisionState, REASON_MAX_CHARACTERS, type DecisionFormState } from '@/lib/admin/decision-state';
import { registrationsPage } from '@/lib/copy/team-brokers';
import { Button } from '../shared/button';
import { FieldGroup } from '../shared/field-group';
import { FormField } from '../shared/form-field';
import { KeptTextarea } from '../shared/kept-textarea';
import { StatusSentence } from '../shared/status-sentence';
import { useAnswerFocus } from '../shared/use-answer-focus';
import styles from './registration-decision-form.module.scss';

const copy = registrationsPage.decision;

/** What a refusal says. */
function refusalOf(state: DecisionFormState): string {
  if (!state.outcome) return '';
  if (state.outcome === 'long') return registrationsPage.answers.long(state.length);
  return registrationsPage.answers[state.outcome];
}

const CHOICES = [
  { value: 'registered', label: copy.register, hint: copy.registerHint },
  { value: 'declined', label: copy.decline, hint: copy.declineHint },
] as const;

/** Registers or declines a registration under review; a refusal keeps the choice and the reason and says what to change. */
export function RegistrationDecisionForm({ id }: { id: string }) {
  const [state, action, pending] = useActionState<DecisionFormState, FormData>(decideRegistration, initialDecisionState);
  const form = useRef<HTMLFormElement>(null);
  useAnswerFocus(form, state.outcome ? state.answerId : null);
  const reasonRefused = state.outcome === 'reason' || state.outcome === 'long' || state.outcome === 'control';
  return (
    <form key={state.answerId} ref={form} action={action} className={styles.form} aria-busy={pending}>
      {/* First, so that a refusal is read before what it is about. */}
      <StatusSentence id="decision-refusal" tone="error">
        {refusalOf(state)}
      </StatusSentence>
      <input type="hidden" name="id" value={id} />
      <FieldGroup id="decision-choice" legend={copy.legend} invalid={state.outcome === 'choose'}>
        {CHOICES.map((choice) => (
          <FormField key={choice.value} id={`decision-${choice.value}`} label={choice.label} hint={choice.hint} layout="choice">
            {(control) => <input {...control} type="radio" name="decision" value={choice.value} required defaultChecked={state.decision === choice.value} />}
          </FormField>
        ))}
      </FieldGroup>
      <FormField id="decision-reason" label={copy.reason} hint={copy.reasonHint} invalid={reasonRefused} describedBy={reasonRefused ? 'decision-refusal' : undefined}>
        {(control) => (
          <KeptTextarea
            {...control}
            name="reason"
            rows={4}
            // A little past what fits, so that a long reason can be shortened here rather than cut silently.
            maxLength={REASON_MAX_CHARACTERS * 2}
            defaultValue={state.reason}
          />
        )}
      </FormField>
      <Button disabled={pending}>{pending ? copy.submitting : copy.submit}</Button>
    </form>
  );
}
