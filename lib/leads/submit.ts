import 'server-only';
import type { z } from 'zod';
import type { ServerConfig } from '@/lib/config/server';
import { noticesFor } from '@/lib/delivery/worker';
import { logEvent } from '@/lib/log';
import { clientAddress } from '@/lib/request';
import { isStoreError, type LeadStore } from '@/lib/store';
import type { FieldErrorCode, LeadFormState } from './form-state';
import { challengeSecrets, floodGauge, issueChallenge, verifyProof } from './challenge';
import { readContext } from './context';
import { CHALLENGE_FIELD, fieldNames, HONEYPOT_FIELD, LEAD_FORMS, SUBMISSION_KEY_FIELD, type LeadContext, type LeadField, type LeadFormName, type LeadInput, type LeadRow } from './forms';
import { submissionKey } from './guards';
import { leadSchemas } from './schema';

type Outcome = 'stored' | 'duplicate' | 'honeypot' | 'invalid' | 'limited' | 'challenge' | 'store_error' | 'malformed';

/** What a submission needs from its surroundings; the Server Actions pass the request's, tests their own. */
export interface SubmissionContext {
  /** The request's headers, for the client address a trusted proxy reports. */
  headers: Headers;
  /** Runs work after the answer has gone out (Next's `after`), so that the visitor never waits for it. */
  afterResponse: (work: () => Promise<unknown>) => void;
  /** The lead store, and the configuration: asked for inside the submission, so that a failure is an answer too. */
  store: () => LeadStore;
  config: () => Pick<ServerConfig, 'store' | 'guards' | 'webhook' | 'mail' | 'timeZone'>;
  /** Wakes the delivery worker for the notices of a lead just stored. */
  deliver: () => void;
  /** The time, in milliseconds since the epoch. */
  now: () => number;
}

/**
 * The one path both forms take: read the known fields, turn away bots,
 * validate, store once within the limits, answer. Every outcome is an answer
 * the form can render (never a throw, so never a 500) and one log line
 * without personal data.
 */
export async function processLead<Form extends LeadFormName>(
  formName: Form,
  formData: unknown,
  context: SubmissionContext,
): Promise<LeadFormState<LeadField<Form>>> {
  type Field = LeadField<Form>;
  const started = performance.now();
  const answerId = crypto.randomUUID();
  const finish = (outcome: Outcome, details: Record<string, string | number | undefined> = {}) =>
    logEvent(
      'lead.submission',
      { form: formName, outcome, durationMs: Math.round(performance.now() - started), ...details },
      outcome === 'stored' || outcome === 'duplicate' ? 'info' : outcome === 'store_error' ? 'error' : 'warn',
    );
  const success: LeadFormState<Field> = { status: 'success', values: {}, errors: {}, answerId };

  if (!(formData instanceof FormData)) {
    finish('malformed');
    return { status: 'error', values: {}, errors: {}, answerId };
  }

  // A bot that fills the hidden field is told it succeeded, so it learns nothing; nothing is stored.
  const trap = formData.get(HONEYPOT_FIELD);
  if (trap !== null && trap !== '') {
    finish('honeypot');
    return success;
  }

  const submitted = readFields(formData, fieldNames(LEAD_FORMS[formName]));
  const schema: z.ZodType<LeadRow<Form>> = leadSchemas[formName];
  const parsed = schema.safeParse(submitted);
  const values = typedValues(submitted);
  if (!parsed.success) {
    const errors = fieldErrors<Field>(parsed.error);
    finish('invalid', { fields: Object.keys(errors).join(',') });
    return { status: 'error', values, errors, answerId };
  }

  let store: LeadStore | undefined;
  try {
    const config = context.config();
    store = context.store();
    const client = clientAddress(context.headers, config.guards.clients);
    const secrets = challengeSecrets(config.store);
    const proof = formData.get(CHALLENGE_FIELD);
    const guard = {
      key: submissionKey(formName, formData.get(SUBMISSION_KEY_FIELD), parsed.data, client, context.now()),
      clientAddress: client,
      perClient: config.guards.perClient,
      global: config.guards.global,
      challengeId: await verifyProof(proof, secrets),
    };
    // The lead and its notices are stored together; they are sent after the answer, and whatever happens
    // to them then changes nothing the visitor sees.
    const host = (context.headers.get('host') ?? '').replace(/:\d+$/, '');
    // A validated row has every field (optional ones null); TypeScript cannot see through the generic form that it fits.
    const lead = { ...parsed.data, ...readContext(formData, context.headers, host) } as unknown as LeadInput<Form> & LeadContext;
    const outcome = await store.submit(formName, lead, guard, noticesFor(config));
    if (outcome === 'challenge') {
      const { limit, windowSeconds } = config.guards.global!;
      const level = floodGauge((limit * 60) / windowSeconds).record(context.now());
      finish('challenge', { store: store.name, level, proof: proof ? (guard.challengeId ? 'spent' : 'invalid') : 'none' });
      return { status: 'challenge', values, errors: {}, answerId, challenge: await issueChallenge(level, secrets, context.now()) };
    }
    finish(outcome, { store: store.name });
    if (outcome === 'stored') context.afterResponse(async () => context.deliver());
    return outcome === 'limited' ? { status: 'error', values, errors: {}, answerId } : success;
  } catch (error) {
    const reason = isStoreError(error) ? error.reason : 'unexpected';
    const code = isStoreError(error) ? error.code : (error as Error | undefined)?.name;
    finish('store_error', { store: store?.name, reason, code });
    return { status: 'error', values, errors: {}, answerId };
  }
}

/** Only the form's own fields; a field sent twice counts once (the first), a missing one is empty. */
function readFields<Field extends string>(formData: FormData, fields: readonly Field[]): Record<Field, FormDataEntryValue> {
  return Object.fromEntries(fields.map((field) => [field, formData.get(field) ?? ''])) as Record<Field, FormDataEntryValue>;
}

function typedValues<Field extends string>(submitted: Record<Field, FormDataEntryValue>): Partial<Record<Field, string>> {
  const values: Partial<Record<Field, string>> = {};
  for (const [field, value] of Object.entries(submitted) as [Field, FormDataEntryValue][]) {
    if (typeof value === 'string' && value !== '') values[field] = value;
  }
  return values;
}

function fieldErrors<Field extends string>(error: z.ZodError): Partial<Record<Field, FieldErrorCode>> {
  const errors: Partial<Record<Field, FieldErrorCode>> = {};
  for (const issue of error.issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= errorCode(field, issue);
  }
  return errors;
}

function errorCode(field: string, issue: z.core.$ZodIssue): FieldErrorCode {
  if (issue.code === 'too_small') return 'required';
  if (issue.code === 'too_big') return 'too_long';
  if (field === 'email' && issue.code === 'invalid_format') return 'invalid_email';
  return 'invalid';
}
