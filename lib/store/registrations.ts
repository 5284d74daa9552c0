import { iso, json, utc, utcOrNull, yes, type CallFunction } from './calls';
import type { NoticeRegistration } from '@/lib/delivery/types';
import type { Registration, RegistrationStatus, RenewOutcome, TeamRegistration } from '@/lib/portal/types';
import type { RegistrationMethods } from './types';

// Client registrations, the same whichever store calls the functions.

export function registrationMethods(call: CallFunction): RegistrationMethods {
  return {
    async registerBuyer(actor, buyer, at) {
      const row = await json<RegistrationRow & { created: boolean }>(call, 'register_buyer', {
        p_actor: actor.id,
        p_full_name: buyer.fullName,
        p_email: buyer.email,
        p_phone: buyer.phone,
        p_note: buyer.note,
        p_at: iso(at),
      });
      return { ...readRegistration(row), created: row.created };
    },
    brokerRegistrations: async (actor) => ((await json<RegistrationRow[] | null>(call, 'broker_registrations', { p_actor: actor.id })) ?? []).map(readRegistration),
    async brokerRegistration(actor, id) {
      const row = await json<RegistrationRow | null>(call, 'broker_registration', { p_actor: actor.id, p_id: id });
      return row ? readRegistration(row) : null;
    },
    renewRegistration: async (actor, id, at) => (await call('renew_registration', { p_actor: actor.id, p_id: id, p_at: iso(at) })) as RenewOutcome,
    teamRegistrations: async (actor, status) =>
      ((await json<TeamRegistrationRow[] | null>(call, 'team_registrations', { p_actor: actor.id, p_status: status })) ?? []).map(readTeamRegistration),
    async registrationReview(actor, id) {
      const review = await json<ReviewJson | null>(call, 'registration_review', { p_actor: actor.id, p_id: id });
      if (!review) return null;
      const { inquiry } = review;
      return {
        registration: readTeamRegistration(review.registration),
        inquiry: inquiry
          ? { id: inquiry.id, fullName: inquiry.full_name, email: inquiry.email, phone: inquiry.phone, createdAt: utc(inquiry.created_at), status: inquiry.status, owner: inquiry.owner }
          : null,
        other: review.other ? readTeamRegistration(review.other) : null,
      };
    },
    inquiryRegistrations: async (actor, inquiryId) =>
      ((await json<TeamRegistrationRow[] | null>(call, 'inquiry_registrations', { p_actor: actor.id, p_inquiry_id: inquiryId })) ?? []).map(readTeamRegistration),
    decideRegistration: (actor, id, decision, notify, at) =>
      yes(call, 'decide_registration', {
        p_actor: actor.id,
        p_id: id,
        p_decision: decision.status,
        p_reason: decision.status === 'declined' ? decision.reason : null,
        p_notify: notify,
        p_at: iso(at),
      }),
  };
}

interface RegistrationRow {
  id: string;
  full_name: string;
  email: string;
  phone: string | null;
  note: string | null;
  status: RegistrationStatus;
  created_at: string;
  expires_at: string | null;
  renewed_at: string | null;
  decided_at: string | null;
  reason: string | null;
}

interface TeamRegistrationRow extends RegistrationRow {
  broker: TeamRegistration['broker'];
  email_key: string;
  phone_digits: string | null;
  phone_key: string | null;
  conflict_inquiry_id: string | null;
  conflict_registration_id: string | null;
  decided_by: string | null;
}

interface ReviewJson {
  registration: TeamRegistrationRow;
  inquiry: { id: string; full_name: string; email: string; phone: string | null; created_at: string; status: string; owner: string | null } | null;
  other: TeamRegistrationRow | null;
}

function readRegistration(row: RegistrationRow): Registration {
  return {
    id: row.id,
    fullName: row.full_name,
    email: row.email,
    phone: row.phone,
    note: row.note,
    status: row.status,
    createdAt: utc(row.created_at),
    expiresAt: utcOrNull(row.expires_at),
    renewedAt: utcOrNull(row.renewed_at),
    decidedAt: utcOrNull(row.decided_at),
    reason: row.reason,
  };
}

function readTeamRegistration(row: TeamRegistrationRow): TeamRegistration {
  return {
    ...readRegistration(row),
    broker: row.broker,
    emailKey: row.email_key,
    phoneDigits: row.phone_digits,
    phoneKey: row.phone_key,
    conflictInquiryId: row.conflict_inquiry_id,
    conflictRegistrationId: row.conflict_registration_id,
    decidedBy: row.decided_by,
  };
}

/** What a notice of a registration's decision is about (private.registration_notice), read; null when it is not one. */
export function readNoticeRegistration(about: unknown): NoticeRegistration | null {
  const row = about as {
    registration_id?: string;
    status: RegistrationStatus;
    buyer: string;
    reason: string | null;
    expires_at: string | null;
    name: string;
    email: string;
    live: boolean;
  } | null;
  if (!row?.registration_id) return null;
  return {
    registrationId: row.registration_id,
    status: row.status,
    buyer: row.buyer,
    reason: row.reason,
    expiresAt: row.expires_at ? new Date(row.expires_at) : null,
    name: row.name,
    email: row.email,
    live: row.live,
  };
}
