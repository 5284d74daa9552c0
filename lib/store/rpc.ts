import type { LeadContext, LeadFormName, LeadInput } from '@/lib/leads/forms';
import type {
  ClaimedNotice,
  ClaimRequest,
  InboxQuery,
  LeadActivity,
  LeadChange,
  LeadDetail,
  NoticeKind,
  NoticeReport,
  NoticeState,
  StoreHealth,
  StoredLead,
  SubmissionGuard,
  WorkedLead,
} from './types';

// The database functions both stores call, one through PGlite and one through the data API: their
// arguments by name in declared order, and their answers read the same way whichever store gave them.

/** The arguments of public.submit_lead(), by name, in its declared order. */
export function submitLead<Form extends LeadFormName>(
  form: Form,
  lead: LeadInput<Form> & Partial<LeadContext>,
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
export function claimNotices({ now, limit, leaseSeconds, mailPerHour }: ClaimRequest) {
  return { p_now: now.toISOString(), p_limit: limit, p_lease_seconds: leaseSeconds, p_mail_per_hour: mailPerHour };
}

/** The arguments of public.complete_notice(), by name, in its declared order. */
export function completeNotice({ id, token, outcome, error, nextAttemptAt, now }: NoticeReport) {
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
export const inbox = {
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
