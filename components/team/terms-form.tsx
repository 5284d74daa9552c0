'use client';

import { useActionState } from 'react';
import { publishTerms } from '@/lib/admin/portal-actions';
import { initialTermsState, TERMS_MAX_CHARACTERS, type TermsFormState } from '@/lib/admin/portal-forms';
import { termsPage } from '@/lib/copy/team-brokers';
import styles from './terms-manager.module.scss';

const copy = termsPage.publish;

/** Publishes a new version of the terms; a refusal keeps the text and says what to change. */
export function TermsForm({ current }: { current: string }) {
  const [state, action, pending] = useActionState<TermsFormState, FormData>(publishTerms, initialTermsState);
  const message =
    state.outcome === 'long' ? termsPage.answers.long(state.length) : state.outcome ? termsPage.answers[state.outcome] : '';
  return (
    <form key={state.answerId} action={action} className={styles.form} aria-busy={pending}>
      {/* First, so that a refusal is read before the text it is about. */}
      <p className={styles.said} role="status" aria-live="polite" data-outcome="refused">
        {message}
      </p>
      <label htmlFor="terms-body">{copy.label}</label>
      <textarea
        id="terms-body"
        name="body"
        rows={14}
        // A little past what fits, so that a long paste can be shortened here rather than cut silently.
        maxLength={TERMS_MAX_CHARACTERS * 2}
        required
        defaultValue={state.outcome ? state.body : current}
        aria-invalid={state.outcome && state.outcome !== 'unavailable' ? true : undefined}
        aria-describedby="terms-body-hint"
      />
      <p id="terms-body-hint" className={styles.hint}>
        {copy.hint}
      </p>
      <div>
        <button type="submit" disabled={pending}>
          {pending ? copy.submitting : copy.submit}
        </button>
      </div>
    </form>
  );
}
