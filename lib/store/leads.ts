// Storing leads, delivering their notices, and the team's inbox: the store's methods for leads.
import type { ClaimedNotice, NoticeAssignment, NoticeState } from '@/lib/delivery/types';
import type { LeadFormName } from '@/lib/leads/forms';
import { SUBMIT_OUTCOMES, type LeadActivity, type LeadDetail, type SourceCount, type StoredLead, type SubmitOutcome, type WorkedLead } from '@/lib/leads/types';
import { iso, json, readEvent, utc, utcOrNull, yes, type CallFunction, type EventRow } from './calls';
import { StoreError, type InboxMethods, type LeadMethods, type RetentionReport, type StoreHealth } from './types';

/** The lead methods both stores share (opening the database and its health are each store's own), and the inbox. */
export type SharedLeadMethods = Omit<LeadMethods, 'name' | 'prepare' | 'checkHealth'> & InboxMethods & { health(): Promise<StoreHealth> };

export function leadMethods(call: CallFunction): SharedLeadMethods {
  return {
    async submit(form, lead, guard, notices) {
      const outcome = (await call('submit_lead', {
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
      })) as SubmitOutcome;
      if (!SUBMIT_OUTCOMES.includes(outcome)) throw new StoreError('rejected', 'unexpected_outcome');
      return outcome;
    },
    health: async () => readStoreHealth(await call('check_lead_store', {})),
    claimNotices: async ({ now, limit, leaseSeconds, mailPerHour }) =>
      readClaimedNotices(await call('claim_notices', { p_now: iso(now), p_limit: limit, p_lease_seconds: leaseSeconds, p_mail_per_hour: mailPerHour })),
    completeNotice: ({ id, token, outcome, error, nextAttemptAt, now }) =>
      yes(call, 'complete_notice', { p_id: id, p_token: token, p_outcome: outcome, p_error: error, p_next_attempt_at: nextAttemptAt ? iso(nextAttemptAt) : null, p_now: iso(now) }),
    applyRetention: (days, at) => json<RetentionReport>(call, 'apply_retention', { p_days: days, p_at: iso(at) }),

    searchLeads: async (actor, { form, status, owner, search, offset, limit }) =>
      readLeadPage(
        await call('inbox_leads', { p_actor: actor.id, p_form: form, p_status: status, p_owner: owner, p_search: search, p_offset: offset, p_limit: limit }),
      ),
    exportLeads: async <Form extends LeadFormName>(actor: { id: string }, form: Form, { offset, limit }: { offset: number; limit: number }) =>
      ((await json<Record<string, unknown>[]>(call, 'export_leads', { p_actor: actor.id, p_form: form, p_offset: offset, p_limit: limit })) ?? []).map(
        readWorkedLead,
      ) as WorkedLead<Form>[],
    leadDetail: async (actor, id) => readLeadDetail(await call('inbox_lead', { p_actor: actor.id, p_id: id })),
    changeLead: (actor, id, { field, value }, notify, at) =>
      yes(call, 'change_lead', { p_actor: actor.id, p_id: id, p_field: field, p_value: value, p_notify: notify, p_now: iso(at) }),
    addNote: (actor, id, body) => yes(call, 'add_lead_note', { p_actor: actor.id, p_id: id, p_body: body }),
    decideBroker: (actor, id, decision, notify, invitation, now) =>
      yes(call, 'decide_broker', {
        p_actor: actor.id,
        p_id: id,
        p_decision: decision,
        p_notify: notify,
        p_challenge_id: invitation.challengeId,
        p_link_hash: invitation.linkHash,
        p_now: iso(now),
      }),
    changeBrokerAccess: (actor, leadId, change, notify, invitation, now) =>
      yes(call, 'broker_access', {
        p_actor: actor.id,
        p_id: leadId,
        p_change: change,
        p_notify: notify,
        p_challenge_id: invitation.challengeId,
        p_link_hash: invitation.linkHash,
        p_now: iso(now),
      }),
    resendNotice: (actor, id, now) => yes(call, 'resend_notice', { p_actor: actor.id, p_id: id, p_now: iso(now) }),
    leadNotices: async (actor, leadIds) => readNoticeStates(await call('lead_notices', { p_actor: actor.id, p_lead_ids: [...leadIds] })),
    erasePerson: async (actor, email, now) => (await call('erase_person', { p_actor: actor.id, p_email: email, p_at: iso(now) })) as number,
    leadsBySource: async (actor, timeZone) => (await json<SourceCount[] | null>(call, 'leads_by_source', { p_actor: actor.id, p_time_zone: timeZone })) ?? [],
  };
}

// The answers, read the same way whichever store gave them.

interface ClaimedRow {
  id: string;
  lead_id: string | null;
  form: LeadFormName | null;
  kind: ClaimedNotice['kind'];
  attempt: number;
  created_at: string;
  token: string;
  lead: (Record<string, unknown> & { created_at: string }) | null;
  about: unknown;
}

function readClaimedNotices(claimed: unknown): ClaimedNotice[] {
  return ((claimed ?? []) as ClaimedRow[]).map((row) => ({
    id: row.id,
    leadId: row.lead_id,
    form: row.form,
    kind: row.kind,
    attempt: row.attempt,
    createdAt: new Date(row.created_at),
    token: row.token,
    lead: row.lead ? ({ ...row.lead, created_at: utc(row.lead.created_at) } as StoredLead) : null,
    about: row.about ?? null,
  }));
}

interface NoticeRow {
  id: string;
  lead_id: string;
  kind: NoticeState['kind'];
  status: NoticeState['status'];
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  sent_at: string | null;
}

function readNoticeStates(rows: unknown): NoticeState[] {
  return ((rows ?? []) as NoticeRow[]).map((row) => ({
    id: row.id,
    leadId: row.lead_id,
    kind: row.kind,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: utc(row.next_attempt_at),
    lastError: row.last_error,
    sentAt: utcOrNull(row.sent_at),
  }));
}

function readStoreHealth(health: unknown): StoreHealth {
  const { oldest_pending_seconds, failed_notices } = (health ?? {}) as { oldest_pending_seconds?: number | null; failed_notices?: number };
  return { oldestPendingSeconds: oldest_pending_seconds ?? null, failedNotices: failed_notices ?? 0 };
}

function readWorkedLead(row: Record<string, unknown>): WorkedLead {
  return { ...row, created_at: utc(row.created_at as string) } as WorkedLead;
}

interface DetailJson {
  form: LeadFormName;
  lead: Record<string, unknown>;
  notes: { id: string; created_at: string; author: string; body: string }[];
  activity: { at: string; actor: string; action: LeadActivity['action']; from: string | null; to: string | null }[];
  access: { status: 'active' | 'revoked' | 'removed'; joined_at: string | null; last_sign_in_at: string | null; activity: EventRow[] } | null;
}

function readLeadDetail(json: unknown): LeadDetail | null {
  if (!json) return null;
  const detail = json as DetailJson;
  return {
    form: detail.form,
    lead: readWorkedLead(detail.lead),
    notes: detail.notes.map((note) => ({ id: note.id, createdAt: utc(note.created_at), author: note.author, body: note.body })),
    activity: detail.activity.map((entry) => ({ ...entry, at: utc(entry.at) })),
    access: detail.access
      ? {
          status: detail.access.status,
          joinedAt: utcOrNull(detail.access.joined_at),
          lastSignInAt: utcOrNull(detail.access.last_sign_in_at),
          activity: detail.access.activity.map(readEvent),
        }
      : null,
  };
}

function readLeadPage(json: unknown): { total: number; leads: WorkedLead[] } {
  const page = json as { total: number; leads: Record<string, unknown>[] };
  return { total: page.total, leads: page.leads.map(readWorkedLead) };
}

/** The email to a lead's new owner, its subject as the worker claimed it; null when the lead is gone or has nobody. */
export function readNoticeAssignment(about: unknown): NoticeAssignment | null {
  if (!about || typeof about !== 'object') return null;
  const row = about as { lead_id: string; form: LeadFormName; full_name: string; brokerage: string | null; created_at: string; given_by: string; name: string; email: string; live: boolean };
  return {
    leadId: row.lead_id,
    form: row.form,
    fullName: row.full_name,
    brokerage: row.brokerage ?? null,
    createdAt: utc(row.created_at),
    givenBy: row.given_by,
    name: row.name,
    email: row.email,
    live: row.live === true,
  };
}
