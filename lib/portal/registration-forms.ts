import type { Registration, RegistrationStatus, RenewOutcome } from '@/lib/portal/types';

// What the portal's client registration form sends and its action answers: shared by the action (which
// checks) and the form (which shows the entries again after a refusal), and when a registration may be renewed.

export const REGISTRATION_FIELDS = ['fullName', 'email', 'phone', 'note'] as const;
export type RegistrationField = (typeof REGISTRATION_FIELDS)[number];

/** The most of each field the form takes (the database holds the same): the note is for the team, not a letter. */
export const REGISTRATION_LIMITS: Record<RegistrationField, number> = { fullName: 120, email: 254, phone: 40, note: 2000 };

/**
 * `existing`: this broker holds the buyer already (registered and not expired, or under review): that one is
 * given back unchanged. `not_broker`: a team member, who sees the portal but does not register. `terms`: the
 * latest terms are not accepted yet.
 */
export type RegistrationOutcome = 'registered' | 'under_review' | 'existing' | 'refused' | 'not_broker' | 'terms' | 'unavailable';

export interface RegistrationFormState {
  outcome: RegistrationOutcome | null;
  /** The registration the answer is about, with its expiry as the site's time zone writes it. */
  registration: { id: string; fullName: string; status: RegistrationStatus; expires: string | null } | null;
  /** The entries as typed, to show again after a refusal; none once registered. */
  values: Partial<Record<RegistrationField, string>>;
  /** The fields to change, in the form's order. */
  errors: RegistrationField[];
  /** New for every answer, so that the form shows each afresh and it is announced once. */
  answerId: string;
}

export const initialRegistrationState: RegistrationFormState = { outcome: null, registration: null, values: {}, errors: [], answerId: '' };

export const RENEW_OUTCOMES: readonly RenewOutcome[] = ['renewed', 'not_found', 'not_active', 'renewed_before', 'too_early'];

const DAY_MS = 86_400_000;
/** A registration may be renewed in its last 14 days (the database says so again). */
export const RENEWAL_WINDOW_MS = 14 * DAY_MS;

/** Whether its broker may renew it now: registered, not expired, in its last 14 days, and never renewed. */
export function renewable(registration: Registration, now: number): boolean {
  if (registration.status !== 'registered' || registration.renewedAt || !registration.expiresAt) return false;
  const expires = Date.parse(registration.expiresAt);
  return expires > now && expires - RENEWAL_WINDOW_MS <= now;
}

/** Registered once, and its time gone by: it protects no more. */
export function expired(registration: Registration, now: number): boolean {
  return registration.status === 'registered' && registration.expiresAt !== null && Date.parse(registration.expiresAt) <= now;
}

/** The moment a page is made, for a server component (rendered once per request): which registrations may be renewed. */
export const requestTime = (): number => Date.now();
