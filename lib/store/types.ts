import type { RateLimit } from '@/lib/config/server';
import type { FormDefinition, LeadFormName, LeadRow } from '@/lib/leads/forms';

export type StoreName = 'supabase' | 'embedded';

/** A lead as stored: what the visitor sent, plus its id and when it arrived. */
export type StoredLead<Form extends LeadFormName = LeadFormName> = LeadRow<Form> & { id: string; created_at: string };

export interface LeadPage<Form extends LeadFormName> {
  leads: StoredLead<Form>[];
  total: number;
}

/** The columns a stored lead is read with: its id and arrival, then the form's fields in their order. */
export function storedColumns(form: FormDefinition): string[] {
  return ['id', 'created_at', ...form.fields.map((field) => field.name)];
}

/** What protects a submission: its idempotency key and the limits it is held to. */
export interface SubmissionGuard {
  key: string;
  clientAddress: string | null;
  perClient: RateLimit | null;
  global: RateLimit | null;
}

/** `duplicate`: this submission was stored before (a retry or a replay), so it is not stored again. */
export type SubmitOutcome = 'stored' | 'duplicate' | 'limited';

export const SUBMIT_OUTCOMES: readonly SubmitOutcome[] = ['stored', 'duplicate', 'limited'];

/** Where leads are kept. The forms are described to it by their registry entries (lib/leads/forms.ts). */
export interface LeadStore {
  readonly name: StoreName;
  /** Makes the store ready to take leads; throws when it cannot be. */
  prepare(): Promise<void>;
  /** Stores a lead through the database's submit_lead(); throws a StoreError when the store fails. */
  submit<Form extends LeadFormName>(form: Form, lead: LeadRow<Form>, guard: SubmissionGuard): Promise<SubmitOutcome>;
  /**
   * A page of stored leads and how many there are in all: newest first for
   * reading, oldest first for exporting (new leads then only append, so
   * paging through cannot skip or repeat one).
   */
  list<Form extends LeadFormName>(
    form: FormDefinition & { name: Form },
    page: { offset: number; limit: number; order?: 'newest' | 'oldest' },
  ): Promise<LeadPage<Form>>;
  /** Resolves when the store takes a write; throws a StoreError when it does not. */
  checkHealth(): Promise<void>;
}

/**
 * A failure described without personal data: database errors can quote the
 * failing row, so only a category and a code are kept for the logs.
 */
export class StoreError extends Error {
  constructor(
    readonly reason: 'unreachable' | 'timeout' | 'rejected' | 'unavailable',
    readonly code?: string,
    options?: ErrorOptions,
  ) {
    super(`lead store ${reason}${code ? ` (${code})` : ''}`, options);
    this.name = 'StoreError';
  }
}

/**
 * Whether an error is a StoreError. The store is shared by every bundle of
 * the process (lib/process-state.ts) while each bundle has its own copy of
 * this class, so `instanceof` can fail; the error's name and reason cannot.
 */
export function isStoreError(error: unknown): error is StoreError {
  return error instanceof Error && error.name === 'StoreError' && typeof (error as Partial<StoreError>).reason === 'string';
}

/** The arguments of public.submit_lead(), by name, in its declared order. */
export function submitLeadArguments<Form extends LeadFormName>(form: Form, lead: LeadRow<Form>, guard: SubmissionGuard) {
  return {
    p_form: form,
    p_lead: lead,
    p_submission_key: guard.key,
    p_client_address: guard.clientAddress,
    p_client_limit: guard.perClient?.limit ?? null,
    p_client_window_seconds: guard.perClient?.windowSeconds ?? null,
    p_global_limit: guard.global?.limit ?? null,
    p_global_window_seconds: guard.global?.windowSeconds ?? null,
  };
}
