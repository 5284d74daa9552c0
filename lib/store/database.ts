import type { LeadFormName } from '@/lib/leads/forms';
import {
  StoreError,
  SUBMIT_OUTCOMES,
  type Account,
  type AccountEvent,
  type AccountOverview,
  type ClaimedNotice,
  type LeadActivity,
  type LeadDetail,
  type LeadStore,
  type NewSession,
  type NoticeChallenge,
  type NoticeState,
  type RedeemOutcome,
  type SourceCount,
  type StoredLead,
  type StoreHealth,
  type SubmitOutcome,
  type TeamOverview,
  type WorkedLead,
} from './types';

/**
 * Calls one of the database's functions (public.<name>) with its arguments by name, in declared order,
 * and resolves with its one value: JSON, a boolean, a number or text. The embedded store calls through
 * PGlite, the Supabase store through the data API; everything else about a call is the same for both.
 */
export type CallFunction = (name: string, args: Record<string, unknown>) => Promise<unknown>;

/** What both stores do alike: everything but opening the database and telling whether it takes writes. */
export type DatabaseMethods = Omit<LeadStore, 'name' | 'prepare' | 'checkHealth'> & { health(): Promise<StoreHealth> };

const iso = (date: Date) => date.toISOString();
/** A timestamp from either store (PGlite answers a Date, JSON an ISO string in the database's own offset), in UTC. */
const utc = (value: string | Date) => new Date(value).toISOString();
const utcOrNull = (value: string | Date | null | undefined) => (value === null || value === undefined ? null : utc(value));

const session = (value: NewSession) => ({ p_session_id: value.id, p_secret_hash: value.secretHash, p_device: value.device });

export function databaseMethods(call: CallFunction): DatabaseMethods {
  const json = async <T>(name: string, args: Record<string, unknown>) => (await call(name, args)) as T;
  const yes = async (name: string, args: Record<string, unknown>) => (await call(name, args)) === true;

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
      yes('complete_notice', { p_id: id, p_token: token, p_outcome: outcome, p_error: error, p_next_attempt_at: nextAttemptAt ? iso(nextAttemptAt) : null, p_now: iso(now) }),
    applyRetention: async (days) => (await call('apply_retention', { p_days: days })) as number,

    searchLeads: async (actor, { form, status, owner, search, offset, limit }) =>
      readLeadPage(
        await call('inbox_leads', { p_actor: actor.id, p_form: form, p_status: status, p_owner: owner, p_search: search, p_offset: offset, p_limit: limit }),
      ),
    exportLeads: async <Form extends LeadFormName>(actor: { id: string }, form: Form, { offset, limit }: { offset: number; limit: number }) =>
      ((await json<Record<string, unknown>[]>('export_leads', { p_actor: actor.id, p_form: form, p_offset: offset, p_limit: limit })) ?? []).map(
        readWorkedLead,
      ) as WorkedLead<Form>[],
    leadDetail: async (actor, id) => readLeadDetail(await call('inbox_lead', { p_actor: actor.id, p_id: id })),
    changeLead: (actor, id, { field, value }) => yes('change_lead', { p_actor: actor.id, p_id: id, p_field: field, p_value: value }),
    addNote: (actor, id, body) => yes('add_lead_note', { p_actor: actor.id, p_id: id, p_body: body }),
    decideBroker: (actor, id, decision, notify, invitation, now) =>
      yes('decide_broker', {
        p_actor: actor.id,
        p_id: id,
        p_decision: decision,
        p_notify: notify,
        p_challenge_id: invitation.challengeId,
        p_link_hash: invitation.linkHash,
        p_now: iso(now),
      }),
    changeBrokerAccess: (actor, leadId, change, notify, invitation, now) =>
      yes('broker_access', {
        p_actor: actor.id,
        p_id: leadId,
        p_change: change,
        p_notify: notify,
        p_challenge_id: invitation.challengeId,
        p_link_hash: invitation.linkHash,
        p_now: iso(now),
      }),
    resendNotice: (actor, id, now) => yes('resend_notice', { p_actor: actor.id, p_id: id, p_now: iso(now) }),
    leadNotices: async (actor, leadIds) => readNoticeStates(await call('lead_notices', { p_actor: actor.id, p_lead_ids: [...leadIds] })),
    erasePerson: async (actor, email) => (await call('erase_person', { p_actor: actor.id, p_email: email })) as number,
    leadsBySource: async (actor, timeZone) => (await json<SourceCount[] | null>('leads_by_source', { p_actor: actor.id, p_time_zone: timeZone })) ?? [],

    ensureOwners: async (emails, now) => void (await call('team_ensure_owners', { p_emails: emails.map((email) => email.toLowerCase()), p_now: iso(now) })),
    requestSignIn: async (request) =>
      json('auth_request_sign_in', {
        p_email: request.email,
        p_client_address: request.clientAddress,
        p_challenge_id: request.challengeId,
        p_code_hash: request.codeHash,
        p_link_hash: request.linkHash,
        p_now: iso(request.now),
        p_per_address: request.perAddress,
        p_per_client: request.perClient,
        p_window_seconds: request.windowSeconds,
        p_notify: request.notify,
      }),
    redeemCode: async (email, codeHash, now, newSession) =>
      readRedeemed(await call('auth_redeem_code', { p_email: email, p_code_hash: codeHash, p_now: iso(now), ...session(newSession) })),
    redeemLink: async (linkHash, now, newSession) =>
      readRedeemed(await call('auth_redeem_link', { p_link_hash: linkHash, p_now: iso(now), ...session(newSession) })),
    linkState: (linkHash, now) => json('auth_link_state', { p_link_hash: linkHash, p_now: iso(now) }),
    async session(id, now) {
      const found = await json<{ secret_hash: string; created_at: string; account: Account } | null>('auth_session', { p_id: id, p_now: iso(now) });
      return found ? { secretHash: found.secret_hash, createdAt: utc(found.created_at), account: found.account } : null;
    },
    endSession: (id) => yes('auth_end_session', { p_id: id }),
    endAllSessions: async (actor, now) => (await call('auth_end_all_sessions', { p_actor: actor.id, p_now: iso(now) })) as number,
    endOwnSession: (actor, id) => yes('auth_end_own_session', { p_actor: actor.id, p_id: id }),
    accountOverview: async (actor, now) => readAccountOverview(await call('account_overview', { p_actor: actor.id, p_now: iso(now) })),
    renameAccount: (actor, name, now) => yes('account_rename', { p_actor: actor.id, p_name: name, p_now: iso(now) }),
    openPasskeyCeremony: async (id, purpose, actor, challenge, now) =>
      void (await call('passkey_open_ceremony', { p_id: id, p_purpose: purpose, p_actor: actor?.id ?? null, p_challenge: challenge, p_now: iso(now) })),
    takePasskeyCeremony: async (id, purpose, actor, now) =>
      (await json<string | null>('passkey_take_ceremony', { p_id: id, p_purpose: purpose, p_actor: actor?.id ?? null, p_now: iso(now) })) ?? null,
    addPasskey: (actor, passkey, now) =>
      yes('passkey_add', {
        p_actor: actor.id,
        p_id: passkey.id,
        p_public_key: passkey.publicKey,
        p_counter: passkey.counter,
        p_transports: passkey.transports,
        p_backed_up: passkey.backedUp,
        p_label: passkey.label,
        p_now: iso(now),
      }),
    removePasskey: (actor, id, now) => yes('passkey_remove', { p_actor: actor.id, p_id: id, p_now: iso(now) }),
    async passkeyForSignIn(id) {
      const found = await json<{ id: string; public_key: string; counter: number | string; transports: string[] } | null>('passkey_for_sign_in', { p_id: id });
      return found ? { id: found.id, publicKey: found.public_key, counter: Number(found.counter), transports: found.transports } : null;
    },
    passkeySignIn: async (id, counter, now, newSession) =>
      readRedeemed(await call('passkey_sign_in', { p_id: id, p_counter: counter, p_now: iso(now), ...session(newSession) })),

    teamOverview: async (actor, now) => readTeamOverview(await call('team_overview', { p_actor: actor.id, p_now: iso(now) })),
    inviteMember: async (actor, invite, invitation, now, notify) =>
      (await call('team_invite', {
        p_actor: actor.id,
        p_name: invite.name,
        p_email: invite.email,
        p_role: invite.role,
        p_phone: invite.phone,
        p_challenge_id: invitation.challengeId,
        p_link_hash: invitation.linkHash,
        p_now: iso(now),
        p_notify: notify,
      })) as 'invited' | 'member' | 'taken',
    changeRole: (actor, accountId, role, now) => yes('team_change_role', { p_actor: actor.id, p_account: accountId, p_role: role, p_now: iso(now) }),
    removeMember: (actor, accountId, now) => yes('team_remove', { p_actor: actor.id, p_account: accountId, p_now: iso(now) }),
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
  about: { challenge_id: string; purpose: NoticeChallenge['purpose']; expires_at: string; live: boolean; name: string; email: string; role: NoticeChallenge['role'] } | null;
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
    about: row.about
      ? {
          challengeId: row.about.challenge_id,
          purpose: row.about.purpose,
          expiresAt: new Date(row.about.expires_at),
          live: row.about.live,
          name: row.about.name,
          email: row.about.email,
          role: row.about.role,
        }
      : null,
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

interface EventRow {
  at: string;
  actor: string;
  action: AccountEvent['action'];
  detail: string | null;
}

const readEvent = (event: EventRow): AccountEvent => ({ at: utc(event.at), actor: event.actor, action: event.action, detail: event.detail });

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

function readRedeemed(json: unknown): RedeemOutcome {
  const answer = json as { outcome: 'signed_in'; account: Account } | { outcome: 'refused'; reason: string };
  if (answer?.outcome === 'signed_in') return { outcome: 'signed_in', account: answer.account };
  return { outcome: 'refused', reason: (answer?.reason ?? 'no_account') as Extract<RedeemOutcome, { outcome: 'refused' }>['reason'] };
}

function readAccountOverview(json: unknown): AccountOverview {
  const overview = json as {
    account: Account;
    passkeys: { id: string; label: string; created_at: string; last_used_at: string | null; backed_up: boolean }[];
    sessions: { id: string; device: string | null; created_at: string; last_used_at: string }[];
  };
  return {
    account: overview.account,
    passkeys: overview.passkeys.map((key) => ({ id: key.id, label: key.label, createdAt: utc(key.created_at), lastUsedAt: utcOrNull(key.last_used_at), backedUp: key.backed_up })),
    sessions: overview.sessions.map((entry) => ({ id: entry.id, device: entry.device, createdAt: utc(entry.created_at), lastUsedAt: utc(entry.last_used_at) })),
  };
}

function readTeamOverview(json: unknown): TeamOverview {
  const overview = json as {
    members: (Account & { joined_at: string | null; last_sign_in_at: string | null; created_at: string; passkeys: number; invited_until: string | null })[];
    activity: (EventRow & { account: string })[];
  };
  return {
    members: overview.members.map(({ joined_at, last_sign_in_at, created_at, passkeys, invited_until, ...account }) => ({
      ...account,
      joinedAt: utcOrNull(joined_at),
      lastSignInAt: utcOrNull(last_sign_in_at),
      createdAt: utc(created_at),
      passkeys: Number(passkeys),
      invitedUntil: utcOrNull(invited_until),
    })),
    activity: overview.activity.map((event) => ({ ...readEvent(event), account: event.account })),
  };
}
