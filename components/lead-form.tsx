'use client';

import { useActionState, useEffect, useState } from 'react';
import type { FormCopy } from '@/lib/content';
import { FIELD_LIMITS, type LeadField } from '@/lib/leads/fields';
import { initialFormState, MESSAGE_DURATION_MS, type FieldErrorCode, type LeadFormState } from '@/lib/leads/form-state';
import styles from './lead-form.module.scss';

interface LeadFormProps<Field extends LeadField> {
  id: string;
  action: (state: LeadFormState<Field>, formData: FormData) => Promise<LeadFormState<Field>>;
  copy: FormCopy<Field>;
  fieldErrors: Record<FieldErrorCode, string>;
  /** When set, a failed submission is also reported in the browser console under this label. */
  consoleLabel?: string;
  tone: 'light' | 'dark';
}

/**
 * A lead form bound straight to its Server Action, so it also submits before
 * hydration and without JavaScript. Its state runs idle, submitting, then
 * success or error, and back to idle after five seconds.
 */
export function LeadForm<Field extends LeadField>({ id, action, copy, fieldErrors, consoleLabel, tone }: LeadFormProps<Field>) {
  const [state, formAction, pending] = useActionState<LeadFormState<Field>, FormData>(action, initialFormState);
  const [expiredAnswer, setExpiredAnswer] = useState('');

  useEffect(() => {
    if (state.status === 'idle') return;
    if (state.status === 'error' && consoleLabel) {
      console.error(consoleLabel, { invalidFields: Object.keys(state.errors) });
    }
    const timer = setTimeout(() => setExpiredAnswer(state.answerId), MESSAGE_DURATION_MS);
    return () => clearTimeout(timer);
  }, [state, consoleLabel]);

  const status = pending ? 'submitting' : state.answerId === expiredAnswer ? 'idle' : state.status;
  const message = status === 'success' ? copy.success : status === 'error' ? copy.error : '';
  const statusId = `${id}-status`;

  return (
    <form id={id} className={`${styles.form} ${styles[tone]}`} action={formAction} aria-busy={pending}>
      <div className={styles.fields}>
        {copy.fields.map((field) => {
          const inputId = `${id}-${field.name}`;
          const error = state.errors[field.name];
          const errorId = `${inputId}-error`;
          const control = {
            id: inputId,
            name: field.name,
            className: styles.control,
            required: field.required,
            maxLength: FIELD_LIMITS[field.name],
            autoComplete: field.autoComplete,
            defaultValue: state.values[field.name] ?? '',
            'aria-invalid': error ? true : undefined,
            'aria-describedby': error ? errorId : undefined,
          };
          return (
            <div key={field.name} className={field.half ? styles.half : styles.full}>
              <label className={styles.label} htmlFor={inputId}>
                {field.label}
                {field.required ? <span aria-hidden="true"> *</span> : null}
              </label>
              {field.type === 'textarea' ? (
                <textarea {...control} rows={field.rows} />
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
      <div className={styles.actions}>
        <button type="submit" className={styles.submit} disabled={pending}>
          {pending ? copy.submittingLabel : copy.submitLabel}
        </button>
        <p id={statusId} className={styles.status} data-status={status} role="status" aria-live="polite">
          {message}
        </p>
      </div>
    </form>
  );
}
