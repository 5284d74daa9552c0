import type { RegistrationDecision } from '@/lib/portal/types';

// What the team's decision form on a client registration and its action agree on. Loaded by the form in the browser
// too, so nothing here checks (./registration-forms.ts does, on the server).

/** As many characters as the database keeps of a reason (private.registrations.reason). */
export const REASON_MAX_CHARACTERS = 1000;

/** What the decision form's action answers after a refusal (a decision made goes to the page again instead). */
export interface DecisionFormState {
  outcome: 'choose' | 'reason' | 'long' | 'control' | 'gone' | 'unavailable' | null;
  /** The choice and the reason as sent, to show again. */
  decision: '' | RegistrationDecision['status'];
  reason: string;
  /** The length of a reason too long, in characters. */
  length: number;
  /** New for every answer, so that the form shows each afresh. */
  answerId: string;
}

export const initialDecisionState: DecisionFormState = { outcome: null, decision: '', reason: '', length: 0, answerId: '' };
