'use client';

import { useActionState } from 'react';
import { publishTerms } from '@/lib/admin/portal-actions';
import { initialTermsState, TERMS_MAX_CHARACTERS, type TermsFormState } from '@/lib/admin/portal-forms';
import { termsPage } from '@/lib/copy/team-brokers';
import { Button } from '../shared/button';
import { FormField } from '../shared/form-field';
import { KeptTextarea } from '../shared/kept-textarea';
import { StatusSentence } from '../shared/status-sentence';
import styles from './terms-form.module.scss';

const copy = termsPage.publish;

/** Publishes a new version of the terms; a refusal keeps the text and says what to change. */
export function TermsForm({ current }: { current: string }) {
  const [state, action, pending] = useActionState<TermsFormState, FormData>(publishTerms, initialTermsState);
  const message = state.outcome === 'long' ? termsPage.answers.long(state.length) : state.outcome ? termsPage.answers[state.outcome] : '';
  const refusedText = state.outcome !== null && state.outcome !== 'unavailable';
  return (
    <form key={state.answerId} action={action} className={styles.form} aria-busy={pending}>
      {/* First, so that a refusal is read before the text it is about. */}
      <StatusSentence id="terms-said" tone="error">
        {message}
      </StatusSentence>
      <FormField id="terms-body" label={copy.label} hint={copy.hint} invalid={refusedText} describedBy={refusedText ? 'terms-said' : undefined}>
        {(control) => (
          <KeptTextarea
            {...control}
            name="body"
            rows={14}
            // A little past what fits, so that a long paste can be shortened here rather than cut silently.
            maxLength={TERMS_MAX_CHARACTERS * 2}
            required
            defaultValue={state.outcome ? state.body : current}
          />
        )}
      </FormField>
      <Button disabled={pending}>{pending ? copy.submitting : copy.submit}</Button>
    </form>
  );
}
