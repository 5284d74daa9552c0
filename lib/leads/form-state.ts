import type { Challenge } from 'altcha-lib';

/**
 * `challenge`: the forms are flooded; the browser is to prove some work and
 * send the form again (with JavaScript it does so unseen; without, the
 * visitor is told the form is busy). `saved`: the browser could not reach the
 * site and keeps the submission on the device until it can (never a server's
 * answer; lib/offline/outbox.ts).
 */
export type SubmitStatus = 'idle' | 'success' | 'error' | 'challenge' | 'saved';

export type FieldErrorCode = 'required' | 'invalid' | 'invalid_email' | 'too_long';

/** What a lead Server Action answers, and what its form renders from. */
export interface LeadFormState<Field extends string = string> {
  status: SubmitStatus;
  /**
   * The values as typed, sent back after a failure: React resets a form after
   * every action, to these defaults, and a page rendered without JavaScript
   * shows them too. Empty after a success, which clears the form.
   */
  values: Partial<Record<Field, string>>;
  errors: Partial<Record<Field, FieldErrorCode>>;
  /** New for every answer, so that each message is shown for its own five seconds. */
  answerId: string;
  /** With `challenge`: the work to do. */
  challenge?: Challenge;
}

export const initialFormState: LeadFormState<never> = { status: 'idle', values: {}, errors: {}, answerId: '' };

/** How long a success or error message stays before the form returns to idle. */
export const MESSAGE_DURATION_MS = 5000;
