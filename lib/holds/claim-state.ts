// What the team's claim forms on a lot's page and their action agree on: the intents, the fields, and what the action
// answers. Loaded by the forms in the browser too, so nothing here checks (./forms.ts does, on the server).

/** What the team does to a claim from the lot's page. */
export const CLAIM_INTENTS = ['release', 'extend', 'reserve', 'deposit', 'under_contract', 'sold', 'cancel'] as const;
export type ClaimIntent = (typeof CLAIM_INTENTS)[number];

export const CLAIM_FIELDS = ['amount', 'dueOn', 'receivedOn', 'method', 'note', 'reason'] as const;
export type ClaimField = (typeof CLAIM_FIELDS)[number];
export type ClaimValues = Record<ClaimField, string>;

export const EMPTY_CLAIM_VALUES: ClaimValues = { amount: '', dueOn: '', receivedOn: '', method: '', note: '', reason: '' };

/** Why a claim's form was refused: a field to change, or how the claim stands. */
export type ClaimRefusal = 'amount' | 'due' | 'due_past' | 'received' | 'reason' | 'long' | 'control' | 'not_found' | 'not_allowed' | 'ended' | 'extended_before' | 'not_a_hold' | 'invalid' | 'unavailable';

export interface ClaimFormState {
  /** `done` after a change (the page around it is read again); else why not. */
  outcome: 'done' | ClaimRefusal | null;
  intent: ClaimIntent | null;
  values: ClaimValues;
  answerId: string;
}

export const initialClaimState: ClaimFormState = { outcome: null, intent: null, values: EMPTY_CLAIM_VALUES, answerId: '' };

/** The fields each refusal is about, to mark them. */
export const REFUSED_FIELDS: Partial<Record<ClaimRefusal, ClaimField[]>> = {
  amount: ['amount'],
  due: ['dueOn'],
  due_past: ['dueOn'],
  received: ['receivedOn'],
  reason: ['reason'],
};

export const TEXT_MAX = { method: 200, note: 2000, reason: 500 } as const;
