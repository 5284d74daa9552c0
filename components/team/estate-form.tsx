'use client';

import { useActionState } from 'react';
import { createEstate, setEstateStatus, updateEstate } from '@/lib/admin/portal-actions';
import { initialEstateState, type EstateFieldName, type EstateFormState } from '@/lib/admin/portal-forms';
import { estatesPage as copy } from '@/lib/copy/team-brokers';
import { ESTATE_STATUSES } from '@/lib/portal/types';
import styles from './estates-manager.module.scss';

type Kind = 'create' | 'update' | 'status';

const ACTIONS = { create: createEstate, update: updateEstate, status: setEstateStatus } as const;
const FIELDS: Record<Kind, readonly EstateFieldName[]> = {
  create: ['lot', 'lotAcres', 'homeSqft', 'bedrooms', 'bathrooms', 'status', 'listPrice'],
  update: ['lot', 'lotAcres', 'homeSqft', 'bedrooms', 'bathrooms', 'status', 'listPrice'],
  status: ['status', 'listPrice'],
};
const SUBMIT = { create: copy.add, update: copy.edit, status: copy.status } as const;

const HINTS: Partial<Record<EstateFieldName, string>> = {
  lot: copy.fields.lotHint,
  lotAcres: copy.fields.lotAcresHint,
  homeSqft: copy.fields.homeSqftHint,
  bathrooms: copy.fields.bathroomsHint,
  listPrice: copy.fields.listPriceHint,
};

interface EstateFormProps {
  kind: Kind;
  /** The estate's id and its fields as the form shows them, for an estate already listed. */
  id?: string;
  current?: Record<EstateFieldName, string>;
  /** Folded away behind this summary until opened, or until a refusal has something to say. */
  folded?: { summary: string; className: string };
}

/** Adds an estate, or changes one's details or its status and price; a refusal keeps what was typed and says what to change. */
export function EstateForm({ kind, id, current, folded }: EstateFormProps) {
  const [state, action, pending] = useActionState<EstateFormState, FormData>(ACTIONS[kind], initialEstateState);
  const prefix = `${kind}-${id ?? 'new'}`;
  const value = (name: EstateFieldName) => state.values[name] ?? current?.[name] ?? (name === 'status' ? 'available' : '');
  const invalid = (name: EstateFieldName) => (state.errors.includes(name) ? true : undefined);
  const described = (name: EstateFieldName) => (HINTS[name] ? `${prefix}-${name}-hint` : undefined);
  const submit = SUBMIT[kind];

  const input = (name: EstateFieldName, props: { inputMode?: 'decimal' | 'numeric' | 'text'; maxLength: number; required?: boolean }) => (
    <div className={styles.field} data-field={name}>
      <label htmlFor={`${prefix}-${name}`}>{copy.fields[name]}</label>
      <input
        id={`${prefix}-${name}`}
        name={name}
        inputMode={props.inputMode}
        maxLength={props.maxLength}
        required={props.required}
        autoComplete="off"
        defaultValue={value(name)}
        aria-invalid={invalid(name)}
        aria-describedby={described(name)}
      />
      {HINTS[name] ? (
        <p id={described(name)} className={styles.hint}>
          {HINTS[name]}
        </p>
      ) : null}
    </div>
  );

  const fields = FIELDS[kind];
  const form = (
    <form key={state.answerId} action={action} className={kind === 'status' ? `${styles.form} ${styles.statusForm}` : styles.form} aria-busy={pending}>
      {id ? <input type="hidden" name="id" value={id} /> : null}
      {/* First, so that a refusal is read before the fields it names. */}
      <div className={styles.said} role="status" aria-live="polite" data-outcome="refused">
        {state.outcome === 'refused' ? (
          state.errors.length ? (
            <>
              <p>{copy.answers.refused}</p>
              <ul>
                {state.errors.map((name) => (
                  <li key={name}>{copy.errors[name]}</li>
                ))}
              </ul>
            </>
          ) : (
            <p>{copy.answers.refusedUnlisted}</p>
          )
        ) : state.outcome === 'duplicate' ? (
          <p>{copy.answers.duplicate(state.values.lot?.trim() ?? '')}</p>
        ) : state.outcome ? (
          <p>{copy.answers[state.outcome]}</p>
        ) : null}
      </div>
      {fields.includes('lot') ? input('lot', { maxLength: 60, required: true }) : null}
      {fields.includes('lotAcres') ? input('lotAcres', { inputMode: 'decimal', maxLength: 10, required: true }) : null}
      {fields.includes('homeSqft') ? input('homeSqft', { inputMode: 'numeric', maxLength: 6, required: true }) : null}
      {fields.includes('bedrooms') ? input('bedrooms', { inputMode: 'numeric', maxLength: 2, required: true }) : null}
      {fields.includes('bathrooms') ? input('bathrooms', { inputMode: 'decimal', maxLength: 4, required: true }) : null}
      <div className={styles.field} data-field="status">
        <label htmlFor={`${prefix}-status`}>{copy.fields.status}</label>
        <select id={`${prefix}-status`} name="status" defaultValue={value('status')} aria-invalid={invalid('status')}>
          {ESTATE_STATUSES.map((status) => (
            <option key={status} value={status}>
              {copy.statuses[status]}
            </option>
          ))}
        </select>
      </div>
      {input('listPrice', { inputMode: 'numeric', maxLength: 16 })}
      <div className={styles.submit}>
        <button type="submit" disabled={pending}>
          {pending ? submit.submitting : submit.submit}
        </button>
      </div>
    </form>
  );
  return folded ? (
    // Open again after a refusal, for the page without JavaScript too.
    <details className={folded.className} open={state.outcome ? true : undefined}>
      <summary>{folded.summary}</summary>
      {form}
    </details>
  ) : (
    form
  );
}
