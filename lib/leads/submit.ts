import 'server-only';
import type { z } from 'zod';
import { logEvent } from '@/lib/log';
import { getStore, StoreError, type LeadStore } from '@/lib/store';
import { BROKER_FIELDS, INQUIRY_FIELDS, type LeadField } from './fields';
import type { FieldErrorCode, LeadFormState } from './form-state';
import { brokerSchema, inquirySchema, type BrokerRequestRow, type InquiryRow } from './schema';

interface LeadForm<Field extends LeadField, Row> {
  name: 'inquiry' | 'broker';
  fields: readonly Field[];
  schema: z.ZodType<Row>;
  save(store: LeadStore, row: Row): Promise<void>;
}

export const inquiryForm: LeadForm<(typeof INQUIRY_FIELDS)[number], InquiryRow> = {
  name: 'inquiry',
  fields: INQUIRY_FIELDS,
  schema: inquirySchema,
  save: (store, row) => store.insertInquiry(row),
};

export const brokerForm: LeadForm<(typeof BROKER_FIELDS)[number], BrokerRequestRow> = {
  name: 'broker',
  fields: BROKER_FIELDS,
  schema: brokerSchema,
  save: (store, row) => store.insertBrokerRequest(row),
};

/**
 * The one path both forms take: read the known fields, validate, store,
 * answer. Every outcome is an answer the form can render (never a throw, so
 * never a 500) and one log line without personal data.
 */
export async function processLead<Field extends LeadField, Row>(
  form: LeadForm<Field, Row>,
  formData: unknown,
): Promise<LeadFormState<Field>> {
  const started = performance.now();
  const answerId = crypto.randomUUID();
  const finish = (outcome: string, details: Record<string, string | undefined> = {}) =>
    logEvent(
      'lead.submission',
      { form: form.name, outcome, durationMs: Math.round(performance.now() - started), ...details },
      outcome === 'stored' ? 'info' : outcome === 'invalid' ? 'warn' : 'error',
    );

  if (!(formData instanceof FormData)) {
    finish('malformed');
    return { status: 'error', values: {}, errors: {}, answerId };
  }

  const submitted = readFields(formData, form.fields);
  const parsed = form.schema.safeParse(submitted);
  const values = typedValues(submitted);
  if (!parsed.success) {
    const errors = fieldErrors<Field>(parsed.error);
    finish('invalid', { fields: Object.keys(errors).join(',') });
    return { status: 'error', values, errors, answerId };
  }

  let store: LeadStore | undefined;
  try {
    store = getStore();
    await form.save(store, parsed.data);
  } catch (error) {
    const reason = error instanceof StoreError ? error.reason : 'unexpected';
    const code = error instanceof StoreError ? error.code : (error as Error | undefined)?.name;
    finish('store_error', { store: store?.name, reason, code });
    return { status: 'error', values, errors: {}, answerId };
  }

  finish('stored', { store: store.name });
  return { status: 'success', values: {}, errors: {}, answerId };
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
