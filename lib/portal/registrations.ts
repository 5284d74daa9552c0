import 'server-only';
import { z } from 'zod';
import { teamTime } from '@/lib/admin/time';
import { formTexts, parseFields } from '@/lib/form-fields';
import { logEvent } from '@/lib/log';
import { recordId } from '@/lib/query-params';
import { isStoreError, type LeadStore } from '@/lib/store';
import type { Actor } from '@/lib/auth/types';
import { portalGate } from './gate';
import type { RenewOutcome } from '@/lib/portal/types';
import { REGISTRATION_FIELDS, REGISTRATION_LIMITS as LIMITS, type RegistrationFormState } from './registration-forms';

// A broker registers a buyer, and renews a registration: what the portal's Server Actions do, with the
// server's store and clock (lib/portal/actions.ts) or a test's. Each outcome is one log line, of ids alone.

/** What the portal's actions need from their surroundings; the actions pass the server's, tests their own. */
export interface PortalContext {
  store: LeadStore;
  /** The time, in milliseconds since the epoch. */
  now: () => number;
  /** The site's time zone, in which dates are written. */
  timeZone: string;
}

// Control and direction-changing characters have no place in a name, an address or a telephone; a note keeps its line breaks.
const CONTROL = /[\u0000-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/;
const NOTE_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/;
/** What one field may hold as typed, before it is checked: enough to show it again, never a whole upload. */
const TYPED_MAX = 4000;

/** Blank is none; anything else, trimmed, within its cap and free of control characters. */
const optional = (max: number, control: RegExp) =>
  z
    .string()
    .transform((value) => value.normalize('NFC').trim())
    .pipe(z.string().max(max).refine((value) => !control.test(value)))
    .transform((value) => value || null);

export const registrationSchema = z.object({
  fullName: z
    .string()
    .transform((value) => value.normalize('NFC').trim().replace(/\s+/g, ' '))
    .pipe(
      z
        .string()
        .min(1)
        .max(LIMITS.fullName)
        .refine((value) => !CONTROL.test(value) && !/[<>]/.test(value) && /\p{L}/u.test(value)),
    ),
  email: z.string().trim().max(LIMITS.email).pipe(z.email()),
  phone: optional(LIMITS.phone, CONTROL).refine((value) => value === null || (/^[\d\s()+.\-x]*$/i.test(value) && /\d{3}/.test(value.replace(/\D/g, '')))),
  note: optional(LIMITS.note, NOTE_CONTROL),
});

/** Registers a buyer for the broker signed in, and says how it went: the form's next state. */
export async function registerClient(context: PortalContext, actor: Actor, formData: FormData): Promise<RegistrationFormState> {
  const values = formTexts(formData, REGISTRATION_FIELDS, TYPED_MAX);
  const answer = (outcome: RegistrationFormState['outcome'], rest: Partial<RegistrationFormState> = {}): RegistrationFormState => ({
    outcome,
    registration: null,
    values,
    errors: [],
    answerId: crypto.randomUUID(),
    ...rest,
  });
  // The team see what brokers see, and register nobody (the database refuses them too).
  if (actor.role !== 'broker') {
    logEvent('portal.registration', { outcome: 'not_broker' }, 'warn');
    return answer('not_broker');
  }
  // Nothing of the portal before its latest terms are accepted.
  if (!(await portalGate(context.store, actor)).open) {
    logEvent('portal.registration', { outcome: 'terms' }, 'warn');
    return answer('terms');
  }
  const parsed = parseFields(registrationSchema, values);
  if (!parsed.success) {
    const wrong = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
    const errors = REGISTRATION_FIELDS.filter((name) => wrong.has(name));
    logEvent('portal.registration', { outcome: 'refused', fields: errors.join(',') }, 'warn');
    return answer('refused', { errors });
  }
  try {
    const registration = await context.store.registerBuyer(actor, parsed.data, new Date(context.now()));
    // A new one is registered or under review; one held already comes back as it is (never declined: that is held no more).
    const outcome = !registration.created ? 'existing' : registration.status === 'registered' ? 'registered' : 'under_review';
    logEvent('portal.registration', { outcome, registration: registration.id, status: registration.status });
    return answer(outcome, {
      registration: {
        id: registration.id,
        fullName: registration.fullName,
        status: registration.status,
        expires: registration.expiresAt ? teamTime(registration.expiresAt, context.timeZone) : null,
      },
      // Registered or not, the buyer is in the list now: the form is empty for the next one.
      values: {},
    });
  } catch (error) {
    if (!isStoreError(error)) throw error;
    // The database's own check of the address (22023), for what got past ours.
    if (error.code === '22023') {
      logEvent('portal.registration', { outcome: 'refused', fields: 'email' }, 'warn');
      return answer('refused', { errors: ['email'] });
    }
    logEvent('portal.registration', { outcome: 'unavailable', reason: error.reason, code: error.code }, 'error');
    return answer('unavailable');
  }
}

/** What a renewal comes to: the store's answer, or refused before it was asked. */
export type RenewalAnswer = RenewOutcome | 'not_broker' | 'terms';

/** The broker signed in renews one of their registrations, in its last 14 days. */
export async function renewClientRegistration(context: PortalContext, actor: Actor, id: unknown): Promise<RenewalAnswer> {
  const valid = recordId.safeParse(id);
  const registration = valid.success ? valid.data : null;
  const said = (outcome: RenewalAnswer) => {
    logEvent('portal.registration_renewal', { outcome, registration }, outcome === 'renewed' ? 'info' : 'warn');
    return outcome;
  };
  if (actor.role !== 'broker') return said('not_broker');
  if (!(await portalGate(context.store, actor)).open) return said('terms');
  if (!registration) return said('not_found');
  return said(await context.store.renewRegistration(actor, registration, new Date(context.now())));
}
