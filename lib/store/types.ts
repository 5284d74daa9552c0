import type { RateLimit } from '@/lib/config/server';
import type { FormDefinition, LeadContext, LeadFormName, LeadRow } from '@/lib/leads/forms';

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
    lead: LeadRow<Form> & Partial<LeadContext>,
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

/** The arguments of public.submit_lead(), by name, in its declared order. */
export function submitLeadArguments<Form extends LeadFormName>(
  form: Form,
  lead: LeadRow<Form> & Partial<LeadContext>,
  guard: SubmissionGuard,
  notices: readonly NoticeKind[],
) {
  return {
    p_form: form,
    p_lead: lead,
    p_submission_key: guard.key,
    p_client_address: guard.clientAddress,
    p_client_limit: guard.perClient?.limit ?? null,
    p_client_window_seconds: guard.perClient?.windowSeconds ?? null,
    p_global_limit: guard.global?.limit ?? null,
    p_global_window_seconds: guard.global?.windowSeconds ?? null,
    p_notices: [...notices],
    p_challenge_id: guard.challengeId,
  };
}

/** The arguments of public.claim_notices(), by name, in its declared order. */
export function claimNoticesArguments({ now, limit, leaseSeconds, mailPerHour }: ClaimRequest) {
  return { p_now: now.toISOString(), p_limit: limit, p_lease_seconds: leaseSeconds, p_mail_per_hour: mailPerHour };
}

/** The arguments of public.complete_notice(), by name, in its declared order. */
export function completeNoticeArguments({ id, token, outcome, error, nextAttemptAt, now }: NoticeReport) {
  return { p_id: id, p_token: token, p_outcome: outcome, p_error: error, p_next_attempt_at: nextAttemptAt?.toISOString() ?? null, p_now: now.toISOString() };
}

interface ClaimedRow {
  id: string;
  lead_id: string;
  form: LeadFormName;
  kind: NoticeKind;
  attempt: number;
  created_at: string;
  token: string;
  lead: (Record<string, unknown> & { created_at: string }) | null;
}

/** claim_notices() answers JSON; both stores read it the same way. */
export function readClaimedNotices(claimed: unknown): ClaimedNotice[] {
  return ((claimed ?? []) as ClaimedRow[]).map((row) => ({
    id: row.id,
    leadId: row.lead_id,
    form: row.form,
    kind: row.kind,
    attempt: row.attempt,
    createdAt: new Date(row.created_at),
    token: row.token,
    lead: row.lead ? ({ ...row.lead, created_at: new Date(row.lead.created_at).toISOString() } as StoredLead) : null,
  }));
}

interface NoticeRow {
  id: string;
  lead_id: string;
  kind: NoticeKind;
  status: NoticeState['status'];
  attempts: number;
  next_attempt_at: string | Date;
  last_error: string | null;
  sent_at: string | Date | null;
}

/** lead_notices() rows, with timestamps as ISO strings whichever store read them. */
export function readNoticeStates(rows: unknown): NoticeState[] {
  return ((rows ?? []) as NoticeRow[]).map((row) => ({
    id: row.id,
    leadId: row.lead_id,
    kind: row.kind,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: new Date(row.next_attempt_at).toISOString(),
    lastError: row.last_error,
    sentAt: row.sent_at === null ? null : new Date(row.sent_at).toISOString(),
  }));
}

/** check_lead_store() answers JSON; both stores read it the same way. */
export function readStoreHealth(health: unknown): StoreHealth {
  const { oldest_pending_seconds, failed_notices } = (health ?? {}) as { oldest_pending_seconds?: number | null; failed_notices?: number };
  return { oldestPendingSeconds: oldest_pending_seconds ?? null, failedNotices: failed_notices ?? 0 };
}

/** A lead row as JSON from either store, its times as ISO strings in UTC. */
export function readWorkedLead(row: Record<string, unknown>): WorkedLead {
  return { ...row, created_at: new Date(row.created_at as string).toISOString() } as WorkedLead;
}

interface DetailJson {
  form: LeadFormName;
  lead: Record<string, unknown>;
  notes: { id: string; created_at: string; author: string; body: string }[];
  activity: { at: string; actor: string; action: LeadActivity['action']; from: string | null; to: string | null }[];
}

/** inbox_lead() answers JSON; both stores read it the same way. */
export function readLeadDetail(json: unknown): LeadDetail | null {
  if (!json) return null;
  const detail = json as DetailJson;
  return {
    form: detail.form,
    lead: readWorkedLead(detail.lead),
    notes: detail.notes.map((note) => ({ id: note.id, createdAt: new Date(note.created_at).toISOString(), author: note.author, body: note.body })),
    activity: detail.activity.map((entry) => ({ ...entry, at: new Date(entry.at).toISOString() })),
  };
}

/** The store's answers to the inbox's questions, read the same way whichever store gave them. */
export function readLeadPage(json: unknown): { total: number; leads: WorkedLead[] } {
  const page = json as { total: number; leads: Record<string, unknown>[] };
  return { total: page.total, leads: page.leads.map(readWorkedLead) };
}

/** The arguments of the inbox's functions, by name, in their declared order. */
export const inboxArguments = {
  search: ({ form, status, owner, search, offset, limit }: InboxQuery) => ({
    p_form: form,
    p_status: status,
    p_owner: owner,
    p_search: search,
    p_offset: offset,
    p_limit: limit,
  }),
  change: (id: string, { field, value }: LeadChange, actor: string) => ({ p_id: id, p_field: field, p_value: value, p_actor: actor }),
  note: (id: string, body: string, actor: string) => ({ p_id: id, p_body: body, p_actor: actor }),
  decide: (id: string, decision: string, actor: string, notify: boolean) => ({ p_id: id, p_decision: decision, p_actor: actor, p_notify: notify }),
  resend: (id: string, now: Date, actor: string) => ({ p_id: id, p_now: now.toISOString(), p_actor: actor }),
  erase: (email: string, actor: string) => ({ p_email: email, p_actor: actor }),
};
