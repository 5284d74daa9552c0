import { z } from 'zod';
import { textOf } from '@/lib/form-fields';
import type { RegistrationDecision, RegistrationStatus, TeamRegistration } from '@/lib/portal/types';
import { REASON_MAX_CHARACTERS, type DecisionFormState } from './decision-state';

// What the team's decision on a client registration accepts, as its action checks it (what the form and the action
// agree on is in ./decision-state.ts), and how the team's list of registrations is filtered and ordered.

// Control and direction-changing characters have no place in what the broker is shown; line breaks do.
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

const entries = z.object({
  decision: z.enum(['registered', 'declined']),
  reason: z.string().transform((value) => value.normalize('NFC').replace(/\r\n?/g, '\n').trim()),
});

type Refusal = Exclude<DecisionFormState['outcome'], 'gone' | 'unavailable' | null>;

/** A decision as the form sent it, checked: what the store is given, or why it is refused. */
export function checkDecision(decision: unknown, reason: unknown): { decision: RegistrationDecision } | { refused: Refusal; length: number } {
  const parsed = entries.safeParse({ decision, reason: textOf(reason) });
  if (!parsed.success) return { refused: 'choose', length: 0 };
  // A reason typed before choosing Register is not kept: a registration has none.
  if (parsed.data.decision === 'registered') return { decision: { status: 'registered' } };
  const text = parsed.data.reason;
  const length = [...text].length;
  if (!length) return { refused: 'reason', length };
  if (length > REASON_MAX_CHARACTERS) return { refused: 'long', length };
  if (CONTROL.test(text)) return { refused: 'control', length };
  return { decision: { status: 'declined', reason: text } };
}

/** The filters of the list, by the status in the address; anything else shows every registration. */
export const REGISTRATION_FILTERS = ['under_review', 'registered', 'declined'] as const satisfies readonly RegistrationStatus[];

export function parseRegistrationFilter(value: unknown): RegistrationStatus | null {
  return REGISTRATION_FILTERS.find((status) => status === value) ?? null;
}

/** Those under review first (they wait for the team), then the rest; newest first within each. */
export function reviewOrder(registrations: readonly TeamRegistration[]): TeamRegistration[] {
  const waiting = (registration: TeamRegistration) => (registration.status === 'under_review' ? 0 : 1);
  return [...registrations].sort(
    (a, b) => waiting(a) - waiting(b) || Date.parse(b.createdAt) - Date.parse(a.createdAt) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

/** What a registration's status shows: a registration whose protection has ended reads as expired. */
export function shownStatus(registration: Pick<TeamRegistration, 'status' | 'expiresAt'>, now: Date): RegistrationStatus | 'expired' {
  if (registration.status === 'registered' && registration.expiresAt && Date.parse(registration.expiresAt) <= now.getTime()) return 'expired';
  return registration.status;
}
