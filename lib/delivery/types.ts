// The outbox: what each notice is about, claimed under a lease and reported back.
import type { AccountRole, ChallengePurpose } from '@/lib/auth/types';
import type { LeadFormName } from '@/lib/leads/forms';
import type { StoredLead } from '@/lib/leads/types';
import type { RegistrationStatus } from '@/lib/portal/types';
import type { ClaimNoticeKind } from '@/lib/holds/types';
import type { TourNoticeKind } from '@/lib/tours/types';

/**
 * What a stored lead must produce, each only where configured: the team's email, the person's receipt,
 * the webhook; and for a broker request the team decides on, the email telling the broker.
 */
export type NoticeKind =
  | 'team_email'
  | 'receipt'
  | 'webhook'
  | 'broker_approved'
  | 'broker_declined'
  | 'sign_in_code'
  | 'invitation'
  | 'registration_decided'
  | 'broker_overdue'
  | 'lead_assigned'
  | 'weekly_figures'
  | TourNoticeKind
  | ClaimNoticeKind;

/** What a notice about an account carries: the sign-in challenge (a code and link, or an invitation) and whose it is. */
export interface NoticeChallenge {
  challengeId: string;
  purpose: ChallengePurpose;
  expiresAt: Date;
  /** False once it was used, has expired or its account ended: then there is nothing worth sending. */
  live: boolean;
  name: string;
  email: string;
  role: AccountRole;
}

/**
 * A notice a worker holds under a lease, with the lead it is about (null once the lead is gone, and for
 * notices about an account), and the challenge it carries (a code's email, an invitation, an approval).
 */
export interface ClaimedNotice {
  /** Stable: the same lead (or challenge) and kind always give the same id (the email's Message-ID, the webhook's id). */
  id: string;
  leadId: string | null;
  form: LeadFormName | null;
  kind: NoticeKind;
  /** 1 for the first try. */
  attempt: number;
  createdAt: Date;
  /** Proves this worker's claim when it reports back. */
  token: string;
  lead: StoredLead | null;
  /** What the notice's kind says it is about (private.notice_kinds), as JSON; null for a lead's own notices. */
  about: unknown;
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
  /** `dropped`: no longer worth sending (a code used or expired before its email went). */
  outcome: 'sent' | 'retry' | 'failed' | 'dropped';
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
  status: 'pending' | 'sent' | 'failed' | 'dropped';
  attempts: number;
  nextAttemptAt: string;
  lastError: string | null;
  sentAt: string | null;
}

/** What a decision's email is about (private.registration_notice). */
export interface NoticeRegistration {
  registrationId: string;
  status: RegistrationStatus;
  buyer: string;
  reason: string | null;
  expiresAt: Date | null;
  /** The broker it goes to. */
  name: string;
  email: string;
  /** False once the broker's access has ended. */
  live: boolean;
}

/** What an overdue reminder is about (private.overdue_notice), read when it is delivered. */
export interface NoticeOverdue {
  requestId: string;
  fullName: string;
  brokerage: string;
  email: string;
  createdAt: string;
  /** False once the request was approved or declined: then the reminder is not sent. */
  pending: boolean;
}

/** What the email to a lead's new owner is about (private.assignment_notice), read when it is delivered. */
export interface NoticeAssignment {
  leadId: string;
  form: LeadFormName;
  fullName: string;
  /** A broker request's brokerage; null for a prospect inquiry. */
  brokerage: string | null;
  createdAt: string;
  /** Who gave it, by their name then. */
  givenBy: string;
  /** The owner it goes to. */
  name: string;
  email: string;
  /** False once they have left the team, or the lead was given again since. */
  live: boolean;
}

/** What a Monday's email is about (private.weekly_figures_notice), read when it is delivered. */
export interface NoticeWeekly {
  accountId: string;
  name: string;
  email: string;
  /** False once they stopped asking for it, or are no longer an owner: then it is not sent. */
  live: boolean;
}
