'use client';

import { useActionState, type ReactNode } from 'react';
import { claimForms as copy } from '@/lib/copy/holds';
import { changeClaim } from '@/lib/holds/actions';
import { initialClaimState, REFUSED_FIELDS, TEXT_MAX, type ClaimField, type ClaimFormState, type ClaimIntent, type ClaimValues } from '@/lib/holds/claim-state';
import type { LotClaim } from '@/lib/holds/types';
import { Button } from '../shared/button';
import { FieldGroup } from '../shared/field-group';
import { FormField } from '../shared/form-field';
import { KeptTextarea } from '../shared/kept-textarea';
import { StatusSentence } from '../shared/status-sentence';
import styles from './claim-forms.module.scss';

/** The deposit as the form shows it: what was sent, after a refusal of that form; else the deposit as it stands. */
function depositValues(claim: LotClaim): ClaimValues {
  const deposit = claim.deposit;
  return {
    amount: deposit ? String(deposit.amount) : '',
    dueOn: deposit?.dueOn ?? '',
    receivedOn: deposit?.receivedOn ?? '',
    method: deposit?.method ?? '',
    note: deposit?.note ?? '',
    reason: '',
  };
}

interface IntentFormProps {
  claim: LotClaim;
  intent: ClaimIntent;
  state: ClaimFormState;
  action: (formData: FormData) => void;
  pending: boolean;
  legend?: string;
  kind?: 'primary' | 'secondary' | 'danger';
  children?: (field: (name: ClaimField, input: 'text' | 'date' | 'area', hint?: string) => ReactNode) => ReactNode;
  hidden?: Record<string, string>;
}

/** One of the claim's forms: its fields (each keeping what was sent when this form was refused), and its button. */
function IntentForm({ claim, intent, state, action, pending, legend, kind = 'secondary', children, hidden = {} }: IntentFormProps) {
  const mine = state.intent === intent;
  const values = mine && state.outcome !== 'done' ? state.values : depositValues(claim);
  const refused = mine && state.outcome && state.outcome !== 'done' ? (REFUSED_FIELDS[state.outcome] ?? []) : [];
  const field = (name: ClaimField, input: 'text' | 'date' | 'area', hint?: string) => (
    <FormField key={name} name={name} id={`${intent}-${name}`} label={copy.labels[name]} hint={hint} invalid={refused.includes(name)} describedBy={refused.includes(name) ? 'claim-said' : undefined}>
      {(control) =>
        input === 'area' ? (
          <KeptTextarea {...control} name={name} rows={3} maxLength={TEXT_MAX.note * 2} defaultValue={values[name]} />
        ) : (
          <input
            {...control}
            name={name}
            type={input}
            inputMode={name === 'amount' ? 'decimal' : undefined}
            required={name === 'amount' || name === 'dueOn' || name === 'reason'}
            maxLength={input === 'text' ? (name === 'reason' ? TEXT_MAX.reason * 2 : 400) : undefined}
            defaultValue={values[name]}
          />
        )
      }
    </FormField>
  );
  const button = (
    <Button kind={kind} disabled={pending}>
      {copy.buttons[intent]}
    </Button>
  );
  return (
    <form action={action} className={styles.form} aria-busy={pending}>
      <input type="hidden" name="claim" value={claim.id} />
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children && legend ? (
        <FieldGroup id={`${intent}-fields`} legend={legend} className={styles.fields}>
          {children(field)}
        </FieldGroup>
      ) : null}
      {button}
    </form>
  );
}

const depositFields = (field: Parameters<NonNullable<IntentFormProps['children']>>[0]) => (
  <>
    {field('amount', 'text', copy.hints.amount)}
    {field('dueOn', 'date')}
    {field('receivedOn', 'date', copy.hints.receivedOn)}
    {field('method', 'text')}
    {field('note', 'area')}
  </>
);

/**
 * What the team does with the lot's claim, by where it stands: a running hold is released, extended once or reserved
 * with its deposit; a reservation's deposit is kept up to date, and it moves on to contract and sale or is cancelled.
 * Each refusal keeps what was typed and says what to change, in the one sentence above the forms.
 */
export function ClaimForms({ claim }: { claim: LotClaim }) {
  const [state, action, pending] = useActionState<ClaimFormState, FormData>(changeClaim, initialClaimState);
  const said = state.outcome && state.intent ? (state.outcome === 'done' ? copy.done[state.intent] : copy.refused[state.outcome]) : '';
  const shared = { claim, state, action, pending };
  const active = claim.state === 'active';
  return (
    <div className={styles.forms}>
      <StatusSentence id="claim-said" tone={state.outcome === 'done' ? 'success' : 'error'}>
        {said}
      </StatusSentence>
      {active && claim.stage === 'hold' ? (
        <>
          <IntentForm {...shared} intent="reserve" legend={copy.legends.reserve} kind="primary">
            {depositFields}
          </IntentForm>
          {claim.extendedAt ? null : (
            <IntentForm {...shared} intent="extend" legend={copy.legends.extend}>
              {(field) => field('reason', 'text', copy.hints.reason)}
            </IntentForm>
          )}
          <IntentForm {...shared} intent="release" kind="danger" />
        </>
      ) : null}
      {active && claim.stage !== 'hold' ? (
        <>
          {claim.stage === 'reserved' ? <IntentForm {...shared} intent="under_contract" kind="primary" /> : null}
          {claim.stage === 'under_contract' ? <IntentForm {...shared} intent="sold" kind="primary" /> : null}
          <IntentForm {...shared} intent="deposit" legend={copy.legends.deposit} hidden={{ keptDue: claim.deposit?.dueOn ?? '' }}>
            {depositFields}
          </IntentForm>
          {claim.stage !== 'sold' ? (
            <IntentForm {...shared} intent="cancel" legend={copy.legends.cancel} kind="danger">
              {(field) => field('reason', 'text', copy.hints.reason)}
            </IntentForm>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
