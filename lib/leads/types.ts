// What a lead is once stored and worked: the inbox's rows, notes, history and the promise to brokers.
import type { BrokerAccess } from '@/lib/auth/types';
import type { ClaimAction } from '@/lib/holds/types';
import type { RateLimit } from '@/lib/config/server';
import type { LeadContext, LeadFormName, LeadRow } from '@/lib/leads/forms';

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

/** The team's work on a lead. */
export interface LeadWork {
  status: string;
  /** Whom the lead is with, by name: their account's name, or a name written before owners were accounts. */
  owner: string | null;
  /** The owner's account; null for nobody, and for a name written before owners were accounts. */
  owner_id: string | null;
  /** A date, YYYY-MM-DD. */
  follow_up_on: string | null;
}

/** A lead as the inbox shows it: what the visitor sent, where it came from, and the team's work on it. */
export type WorkedLead<Form extends LeadFormName = LeadFormName> = StoredLead<Form> & LeadContext & LeadWork;

export interface InboxQuery {
  form: LeadFormName;
  status: string | null;
  /** The owner's account id. */
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
  /** tour_booked (to: its start), tour_moved (from, to: starts), tour_cancelled (from: its start), tour_host (from, to: host names). */
  action: 'status' | 'owner' | 'follow_up_on' | 'note' | 'decision' | 'resend' | 'tour_booked' | 'tour_moved' | 'tour_cancelled' | 'tour_host' | ClaimAction;
  from: string | null;
  to: string | null;
}

export interface LeadDetail {
  form: LeadFormName;
  lead: WorkedLead;
  notes: LeadNote[];
  activity: LeadActivity[];
  /** For a broker request the team approved: the portal access it gave, and what happened to it. */
  access: BrokerAccess | null;
}

export interface SourceCount {
  /** YYYY-MM, in the team's time zone. */
  month: string;
  form: LeadFormName;
  /** The utm_source, else the referring site, else `direct`. */
  source: string;
  leads: number;
}

/** A change to a lead's work; an owner is an active team member's account id, or null for nobody. */
export type LeadChange = { field: 'status'; value: string } | { field: 'owner'; value: string | null } | { field: 'follow_up_on'; value: string | null };

/** The codes of the store's refusals of a change to a lead's work (supabase/migrations/…_lead_owner_accounts.sql). */
export const LEAD_REFUSALS = {
  /** An owner is an active owner or member of the team: not a broker, an ended account, or an unknown one. */
  notAnOwner: 'AC004',
} as const;

/** One month of broker requests (the month they arrived, in the team's time zone) and how each was answered. */
export interface BrokerResponseMonth {
  /** YYYY-MM. */
  month: string;
  arrived: number;
  /** Approved or declined within 24 hours of arriving. */
  withinDay: number;
  /** Answered after that (or at a time nobody recorded). */
  later: number;
  /** Not answered yet. */
  waiting: number;
}
