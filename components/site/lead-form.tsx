'use client';

import { useActionState, useEffect, useRef, useState } from 'react';
import type { FormCopy } from '@/lib/copy/site';
import { initialFormState, MESSAGE_DURATION_MS, type FieldErrorCode, type LeadFormState } from '@/lib/leads/form-state';
import { HONEYPOT_FIELD, LEAD_FORMS, SUBMISSION_KEY_FIELD, type FieldDefinition, type LeadField, type LeadFormName } from '@/lib/leads/forms';
import styles from './lead-form.module.scss';
import { KeptTextarea } from '../shared/kept-textarea';
import { useAnswerFocus } from '../shared/use-answer-focus';
import { useFloodProof } from './use-flood-proof';
import { useSavedSubmission } from './use-saved-submission';
import { useVisitSource } from './use-visit-source';

/** 128 random bits as hex (getRandomValues, unlike randomUUID, works on plain http too). */
function newSubmissionKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

interface LeadFormProps<Form extends LeadFormName> {
  form: Form;
  action: (state: LeadFormState<LeadField<Form>>, formData: FormData) => Promise<LeadFormState<LeadField<Form>>>;
  copy: FormCopy<Form>;
  fieldErrors: Record<FieldErrorCode, string>;
  /** The version of the privacy notice the form shows a line about, recorded with each lead. */
  privacyNotice: string;
  /** When set, a failed submission is also reported in the browser console under this label. */
  consoleLabel?: string;
  tone: 'light' | 'dark';
  /** The id of the heading that names the form, so that a screen reader's list of forms tells them apart. */
  labelledBy: string;
}

/**
 * A lead form bound straight to its Server Action, so it also submits before
 * hydration and without JavaScript. Its state runs idle, submitting, then
 * success or error, and back to idle after five seconds.
 */
export function LeadForm<Form extends LeadFormName>({ form, action, copy, fieldErrors, privacyNotice, consoleLabel, tone, labelledBy }: LeadFormProps<Form>) {
  type Field = LeadField<Form>;
  const id = `${form}-form`;
  const statusId = `${id}-status`;
  const fields: readonly FieldDefinition[] = LEAD_FORMS[form].fields;
  // Posted before hydration or without JavaScript, the form goes to this address: the page comes back
  // scrolled to its answer rather than to its top, thousands of pixels above it.
  const answerUrl = `/#${statusId}`;
  // With JavaScript, a submission that cannot reach the site is kept on the device and sent when it can;
  // `late` is the answer it gets then, shown until the form is sent again.
  // The server renders the form bound to the Server Action itself, so that it posts without JavaScript too.
  const saving = useSavedSubmission<Field>(form, action);
  const [actionState, formAction, pending] = useActionState<LeadFormState<Field>, FormData>(
    typeof window === 'undefined' ? action : saving.submit,
    initialFormState,
    answerUrl,
  );
  const { forgetLate } = saving;
  useEffect(forgetLate, [actionState, forgetLate]);
  const state = saving.late ?? actionState;
  const [expiredAnswer, setExpiredAnswer] = useState('');
  const formElement = useRef<HTMLFormElement>(null);
  const { proving, gaveUp } = useFloodProof(state, formElement, formAction);
  const visitSource = useVisitSource();

  // One key per attempt, so that the server stores a double click, a retry or a replay once: the same
  // key until a success, a new one after it. The field is empty in the server's HTML (the server then
  // derives a key from the content) and filled once the script runs, again after each answer because
  // React resets the form after every action. It has no value in its props: a hidden input's value is
  // its default, which React writes again on every render that has one (the visit source's, right
  // after hydration, emptied it).
  const attemptKey = useRef('');
  const keyField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!attemptKey.current || state.status === 'success') attemptKey.current = newSubmissionKey();
    if (keyField.current) keyField.current.value = attemptKey.current;
  }, [state]);

  useEffect(() => {
    // A saved submission's state stays until it has been sent: it is no answer yet.
    if (state.status === 'idle' || state.status === 'saved' || (state.status === 'challenge' && !gaveUp)) return;
    if (state.status === 'error' && consoleLabel) {
      console.error(consoleLabel, { invalidFields: Object.keys(state.errors) });
    }
    const timer = setTimeout(() => setExpiredAnswer(state.answerId), MESSAGE_DURATION_MS);
    return () => clearTimeout(timer);
  }, [state, consoleLabel, gaveUp]);

  const status = pending || proving ? 'submitting' : state.answerId === expiredAnswer ? 'idle' : state.status;
  // Over the cap, a page without JavaScript (or a browser that gave up on the work) says the form is busy.
  const message = status === 'success' ? copy.success : status === 'error' ? copy.error : status === 'challenge' ? copy.busy : status === 'saved' ? copy.saved : '';
  // The specification's message stays word for word; when fields are at fault, a hint follows it.
  const faults = status === 'error' ? Object.keys(state.errors).length : 0;
  const hint = faults === 0 ? '' : faults === 1 ? copy.fieldProblem.one : copy.fieldProblem.many;
  const busy = pending || proving;
  // A late answer is announced, not brought into view: the visitor may be reading elsewhere by then.
  useAnswerFocus(formElement, message && !saving.late ? state.answerId : null);

  return (
    <form
      ref={formElement}
      id={id}
      className={`${styles.form} ${styles[tone]}`}
      action={formAction}
      aria-busy={busy}
      aria-labelledby={labelledBy}
    >
      <input ref={keyField} type="hidden" name={SUBMISSION_KEY_FIELD} />
      <input type="hidden" name="privacy_notice" value={privacyNotice} />
      {Object.entries(visitSource).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {/* For bots only: out of sight, out of the tab order and out of the accessibility tree. */}
      <div className={styles.trap} aria-hidden="true" inert>
        <label htmlFor={`${id}-${HONEYPOT_FIELD}`}>Website</label>
        <input id={`${id}-${HONEYPOT_FIELD}`} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <div className={styles.fields}>
        {fields.map((field) => {
          const name = field.name as Field;
          const inputId = `${id}-${name}`;
          const error = state.errors[name];
          const errorId = `${inputId}-error`;
          const control = {
            id: inputId,
            name,
            className: styles.control,
            required: field.required,
            maxLength: field.limit,
            autoComplete: field.autoComplete,
            defaultValue: state.values[name] ?? '',
            'aria-invalid': error ? true : undefined,
            'aria-describedby': error ? errorId : undefined,
          };
          return (
            <div key={name} className={field.width === 'half' ? styles.half : styles.full}>
              <label className={styles.label} htmlFor={inputId}>
                {copy.labels[name]}
                {field.required ? <span aria-hidden="true"> *</span> : null}
              </label>
              {field.type === 'textarea' ? (
                <KeptTextarea {...control} rows={field.rows} />
              ) : (
                <input {...control} type={field.type} />
              )}
              {error ? (
                <p id={errorId} className={styles.fieldError}>
                  {fieldErrors[error]}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
      <p className={styles.privacy}>
        {/* One text node before the link: words and space written apart get a mark between them in the page's HTML. */}
        {`${copy.privacyLine.before} `}
        <a href="/privacy">{copy.privacyLine.link}</a>
        {copy.privacyLine.after}
      </p>
      <div className={styles.actions}>
        <button type="submit" className={styles.submit} disabled={busy}>
          {busy ? copy.submittingLabel : copy.submitLabel}
        </button>
        <p id={statusId} className={styles.status} data-status={status} role="status" aria-live="polite" aria-atomic="true">
          {hint ? `${message} ${hint}` : message}
        </p>
      </div>
    </form>
  );
}
