'use client';

import { useActionState } from 'react';
import { createEstate, setEstateStatus, updateEstate } from '@/lib/admin/portal-actions';
import { initialEstateState, type EstateFieldName, type EstateFormState } from '@/lib/admin/portal-forms';
import { estatesPage as copy } from '@/lib/copy/team-brokers';
import { ESTATE_STATUSES } from '@/lib/portal/types';
import { Button } from '../shared/button';
import { Disclosure } from '../shared/disclosure';
import { FormField } from '../shared/form-field';
import { SelectOptions } from '../shared/select-options';
import { StatusSentence } from '../shared/status-sentence';
import styles from './estate-form.module.scss';

type Kind = 'create' | 'update' | 'status';

const ACTIONS = { create: createEstate, update: updateEstate, status: setEstateStatus } as const;
const FIELDS: Record<Kind, readonly EstateFieldName[]> = {
  create: ['lot', 'lotAcres', 'homeSqft', 'bedrooms', 'bathrooms', 'status', 'listPrice'],
  update: ['lot', 'lotAcres', 'homeSqft', 'bedrooms', 'bathrooms', 'status', 'listPrice'],
  status: ['status', 'listPrice'],
};
const STATUS_CHOICES = Object.fromEntries(ESTATE_STATUSES.map((status) => [status, copy.statuses[status]!]));
const SUBMIT = { create: copy.add, update: copy.edit, status: copy.status } as const;

const HINTS: Partial<Record<EstateFieldName, string>> = {
  lot: copy.fields.lotHint,
  lotAcres: copy.fields.lotAcresHint,
  homeSqft: copy.fields.homeSqftHint,
  bathrooms: copy.fields.bathroomsHint,
  listPrice: copy.fields.listPriceHint,
};

/** How each text field is typed: its keyboard, its length, whether it may be left empty. */
const INPUTS: Partial<Record<EstateFieldName, { inputMode?: 'decimal' | 'numeric'; maxLength: number; required: boolean }>> = {
  lot: { maxLength: 60, required: true },
  lotAcres: { inputMode: 'decimal', maxLength: 10, required: true },
  homeSqft: { inputMode: 'numeric', maxLength: 6, required: true },
  bedrooms: { inputMode: 'numeric', maxLength: 2, required: true },
  bathrooms: { inputMode: 'decimal', maxLength: 4, required: true },
  listPrice: { inputMode: 'numeric', maxLength: 16, required: false },
};

interface EstateFormProps {
  kind: Kind;
  /** The estate's id and its fields as the form shows them, for an estate already listed. */
  id?: string;
  current?: Record<EstateFieldName, string>;
  /** Folded away behind this summary until opened, or until a refusal has something to say. */
  folded?: string;
}

/** What a refusal says: what to change, field by field, or why nothing was saved. */
function Refusal({ state }: { state: EstateFormState }) {
  if (state.outcome === 'refused') {
    if (!state.errors.length) return <p>{copy.answers.refusedUnlisted}</p>;
    return (
      <>
        <p>{copy.answers.refused}</p>
        <ul>
          {state.errors.map((name) => (
            <li key={name}>{copy.errors[name]}</li>
          ))}
        </ul>
      </>
    );
  }
  if (state.outcome === 'duplicate') return <p>{copy.answers.duplicate(state.values.lot?.trim() ?? '')}</p>;
  return state.outcome ? <p>{copy.answers[state.outcome]}</p> : null;
}

/** Adds an estate, or changes one's details or its status and price; a refusal keeps what was typed and says what to change. */
export function EstateForm({ kind, id, current, folded }: EstateFormProps) {
  const [state, action, pending] = useActionState<EstateFormState, FormData>(ACTIONS[kind], initialEstateState);
  const prefix = `${kind}-${id ?? 'new'}`;
  const said = `${prefix}-said`;
  const value = (name: EstateFieldName) => state.values[name] ?? current?.[name] ?? (name === 'status' ? 'available' : '');
  // A field at fault is marked, and described by the refusal that names it.
  const fault = (name: EstateFieldName) => (state.errors.includes(name) ? { invalid: true, describedBy: said } : {});
  const submit = SUBMIT[kind];

  const field = (name: EstateFieldName) => {
    const input = INPUTS[name];
    return (
      <FormField key={name} id={`${prefix}-${name}`} name={name} label={copy.fields[name]} hint={HINTS[name]} {...fault(name)}>
        {(control) =>
          input ? (
            <input {...control} name={name} inputMode={input.inputMode} maxLength={input.maxLength} required={input.required} autoComplete="off" defaultValue={value(name)} />
          ) : (
            <select {...control} name={name} defaultValue={value(name)}>
              <SelectOptions choices={STATUS_CHOICES} />
            </select>
          )
        }
      </FormField>
    );
  };

  const form = (
    <form key={state.answerId} action={action} className={styles.form} data-kind={kind} aria-busy={pending}>
      {id ? <input type="hidden" name="id" value={id} /> : null}
      {/* First, so that a refusal is read before the fields it names. */}
      <StatusSentence id={said} tone="error" as="div">
        {state.outcome ? <Refusal state={state} /> : null}
      </StatusSentence>
      <div className={styles.fields}>{FIELDS[kind].map(field)}</div>
      <Button disabled={pending}>{pending ? submit.submitting : submit.submit}</Button>
    </form>
  );
  return folded ? (
    // Open again after a refusal, for the page without JavaScript too.
    <Disclosure summary={folded} open={state.outcome !== null}>
      {form}
    </Disclosure>
  ) : (
    form
  );
}
