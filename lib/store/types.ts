import type { RateLimit } from '@/lib/config/server';
import type { FormDefinition, LeadContext, LeadFormName, LeadInput, LeadRow } from '@/lib/leads/forms';

export type StoreName = 'supabase' | 'embedded';

/** A lead as stored: what the visitor sent, plus its id and when it arrived. */
export type StoredLead<Form extends LeadFormName = LeadFormName> = LeadRow<Form> & { id: string; created_at: string };

export interface LeadPage<Form extends LeadFormName> {
  leads: WorkedLead<Form>[];
  total: number;
}

/** What protects a submission: its idempotency key and the limits it is held to. */
export interface SubmissionGuard {
  key: string;
  /** The client as the limits count it (lib/request.ts); never null: an unknown one is a client too. */
  clientAddress: string;
  perClient: RateLimit | null;
  global: RateLimit | null;
  /** A verified proof of work, by its id: lets the submission past the global cap, once. */
  challengeId: string | null;
}

/**
 * `duplicate`: this submission was stored before (a retry or a replay), so it is not stored again.
 * `limited`: over this client's limit. `challenge`: over the global cap: send again with a proof of work.
 */
export type SubmitOutcome = 'stored' | 'duplicate' | 'limited' | 'challenge';

export const SUBMIT_OUTCOMES: readonly SubmitOutcome[] = ['stored', 'duplicate', 'limited', 'challenge'];

/**
 * What a stored lead must produce, each only where configured: the team's email, the person's receipt,
 * the webhook; and for a broker request the team decides on, the email telling the broker.
 */
export type NoticeKind = 'team_email' | 'receipt' | 'webhook' | 'broker_approved' | 'broker_declined';

/** The team's work on a lead. */
export interface LeadWork {
  status: string;
  owner: string | null;
  /** A date, YYYY-MM-DD. */
  follow_up_on: string | null;
}

/** A lead as the inbox shows it: what the visitor sent, where it came from, and the team's work on it. */
export type WorkedLead<Form extends LeadFormName = LeadFormName> = StoredLead<Form> & LeadContext & LeadWork;

export interface InboxQuery {
  form: LeadFormName;
  status: string | null;
  owner: string | null;
  /** Part of a name, an email address or a brokerage. */
  search: string | null;
  offset: number;
  limit: number;
}

export interface LeadNote {
  id: string;
  createdAt: string;
  author: string;
  body: string;
}

/** One change to a lead: a status, owner or follow-up date from one value to another, a note, a decision, a resend. */
export interface LeadActivity {
  at: string;
  actor: string;
  action: 'status' | 'owner' | 'follow_up_on' | 'note' | 'decision' | 'resend';
  from: string | null;
  to: string | null;
}

export interface LeadDetail {
  form: LeadFormName;
  lead: WorkedLead;
  notes: LeadNote[];
  activity: LeadActivity[];
}

export interface SourceCount {
  /** YYYY-MM, in the team's time zone. */
  month: string;
  form: LeadFormName;
  /** The utm_source, else the referring site, else `direct`. */
  source: string;
  leads: number;
}

export type LeadChange = { field: 'status'; value: string } | { field: 'owner'; value: string | null } | { field: 'follow_up_on'; value: string | null };

/** A notice a worker holds under a lease, with the lead it is about (null once the lead is gone). */
export interface ClaimedNotice {
  /** Stable: the same lead and kind always give the same id (the email's Message-ID, the webhook's id). */
  id: string;
  leadId: string;
  form: LeadFormName;
  kind: NoticeKind;
  /** 1 for the first try. */
  attempt: number;
  createdAt: Date;
  /** Proves this worker's claim when it reports back. */
  token: string;
  lead: StoredLead | null;
}

export interface ClaimRequest {
  now: Date;
  limit: number;
  leaseSeconds: number;
  /** Email sent in the last hour, across every instance, may not pass this. */
  mailPerHour: number;
}

export interface NoticeReport {
  id: string;
  token: string;
  outcome: 'sent' | 'retry' | 'failed';
  /** A category for the inbox (connection, timeout, rejected, http_500, ...), never a message. */
  error: string | null;
  nextAttemptAt: Date | null;
  now: Date;
}

/** Where a notice stands, for the inbox. */
export interface NoticeState {
  id: string;
  leadId: string;
  kind: NoticeKind;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  nextAttemptAt: string;
  lastError: string | null;
  sentAt: string | null;
}

export interface StoreHealth {
  /** How long the oldest undelivered notice has waited; null when none waits. */
  oldestPendingSeconds: number | null;
  failedNotices: number;
}

/** Where leads are kept. The forms are described to it by their registry entries (lib/leads/forms.ts). */
export interface LeadStore {
  readonly name: StoreName;
  /** Makes the store ready to take leads; throws when it cannot be. */
  prepare(): Promise<void>;
  /**
   * Stores a lead through the database's submit_lead(), with the notices it must produce, in one
   * transaction; throws a StoreError when the store fails.
   */
  submit<Form extends LeadFormName>(
    form: Form,
    lead: LeadInput<Form> & Partial<LeadContext>,
    guard: SubmissionGuard,
    notices: readonly NoticeKind[],
  ): Promise<SubmitOutcome>;
  /**
   * A page of stored leads and how many there are in all: newest first for
   * reading, oldest first for exporting (new leads then only append, so
   * paging through cannot skip or repeat one).
   */
  list<Form extends LeadFormName>(
    form: FormDefinition & { name: Form },
    page: { offset: number; limit: number; order?: 'newest' | 'oldest' },
  ): Promise<LeadPage<Form>>;
  /** Resolves when the store takes a write, with the outbox's state; throws a StoreError when it does not. */
  checkHealth(): Promise<StoreHealth>;
  /** Claims due notices for one worker, under a lease (several instances never hold one notice at once). */
  claimNotices(request: ClaimRequest): Promise<ClaimedNotice[]>;
  /** Reports on a claimed notice; false when the lease had passed to another worker, and nothing changed. */
  completeNotice(report: NoticeReport): Promise<boolean>;
  /** Puts a failed notice back in line, now, and records who asked; false when it was not failed. */
  resendNotice(id: string, now: Date, actor: string): Promise<boolean>;
  /** The notices of these leads, and where each stands. */
  leadNotices(leadIds: readonly string[]): Promise<NoticeState[]>;

  // The inbox: the team's work on leads, each change recorded with who made it.

  /** A page of a form's leads, newest first, filtered and searched, with how many match. */
  searchLeads(query: InboxQuery): Promise<{ total: number; leads: WorkedLead[] }>;
  /** A lead with its notes and history; null when there is none with this id. */
  leadDetail(id: string): Promise<LeadDetail | null>;
  /** False when nothing changed (no such lead, or the same value). */
  changeLead(id: string, change: LeadChange, actor: string): Promise<boolean>;
  addNote(id: string, body: string, actor: string): Promise<boolean>;
  /** Approves or declines a broker request; with `notify`, the broker's email joins the outbox. */
  decideBroker(id: string, decision: 'approved' | 'declined', actor: string, notify: boolean): Promise<boolean>;
  /** Deletes every lead with this address, with its notes, history and notices, keeping only that it happened. How many leads went. */
  erasePerson(email: string, actor: string): Promise<number>;
  /** Deletes the leads older than this many days, with their notes, history and notices. How many went. */
  applyRetention(days: number): Promise<number>;
  leadsBySource(timeZone: string): Promise<SourceCount[]>;
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
