// Holds and reservations: the shapes the parts agree on. The store keeps one claim per lot at a time
// (supabase/migrations/…_holds.sql, lib/store/holds.ts); the pages, the emails and the site plan read them.
// Times are ISO strings in UTC; dates (a deposit's due and received days) are YYYY-MM-DD in the site's zone.
import type { Estate } from '@/lib/portal/types';

/** What the team sets at /admin/estates. */
export interface HoldSettings {
  /** How long a hold lasts, hours (default 72). */
  holdHours: number;
  /** How many lots one broker may hold at once (default 2). */
  brokerLimit: number;
}

export const DEFAULT_HOLD_SETTINGS: HoldSettings = { holdHours: 72, brokerLimit: 2 };

export interface StoredHoldSettings extends HoldSettings {
  changedAt: string | null;
  changedBy: string | null;
}

/** How far a claim has gone: a hold, then a reservation that moves on to contract and sale. */
export type ClaimStage = 'hold' | 'reserved' | 'under_contract' | 'sold';
export const CLAIM_STAGES: readonly ClaimStage[] = ['hold', 'reserved', 'under_contract', 'sold'];

/** Where a claim stands as of now: active, or how it ended (a hold by its time, or released; a reservation cancelled). */
export type ClaimState = 'active' | 'expired' | 'released' | 'cancelled';

/** What a lot shows, to every broker and on the documents: its status, or "On hold" while any hold on it is active. */
export type LotStanding = 'available' | 'on_hold' | 'reserved' | 'under_contract' | 'sold';
export const LOT_STANDINGS: readonly LotStanding[] = ['available', 'on_hold', 'reserved', 'under_contract', 'sold'];

/** A reservation's deposit, in US dollars (cents allowed). */
export interface Deposit {
  amount: number;
  /** YYYY-MM-DD. */
  dueOn: string;
  /** YYYY-MM-DD; null until it is received. */
  receivedOn: string | null;
  /** How it was paid ("Wire transfer"). */
  method: string | null;
  note: string | null;
}

export interface ClaimPerson {
  id: string;
  name: string;
  email: string;
  brokerage: string | null;
}

/** A claim on a lot as the team sees it, and as the broker it is for sees their own. */
export interface LotClaim {
  id: string;
  estateId: string;
  lot: string;
  stage: ClaimStage;
  state: ClaimState;
  placedAt: string;
  /** When the hold ends (or ended) by itself. */
  expiresAt: string;
  /** The team extended it, once, with a reason. */
  extendedAt: string | null;
  extendReason: string | null;
  /** When it was released or cancelled; null while active, and for a hold that ran out. */
  endedAt: string | null;
  /** Why a reservation was cancelled. */
  cancelReason: string | null;
  reservedAt: string | null;
  contractAt: string | null;
  soldAt: string | null;
  /** Who placed it (a broker for their client, or a team member); null once their account is gone. */
  placedBy: ClaimPerson | null;
  /** The broker whose client it is for; null when the team held it for a lead. */
  broker: ClaimPerson | null;
  registrationId: string | null;
  leadId: string | null;
  /** The buyer; null once erased. */
  buyer: { name: string; email: string } | null;
  deposit: Deposit | null;
  /** Unpaid past its due date (as of the moment asked). */
  depositOverdue: boolean;
}

/**
 * A lot on the board: the estate, its shape on the site plan, what it shows, and its active claim when the acting
 * account may see it (the team always; a broker only their own: others see `on_hold` and nothing of who or for whom).
 */
export interface BoardLot extends Estate {
  /** The plan's shape it is drawn as (lib/holds/site-plan.ts); null until the team links one. */
  shape: string | null;
  standing: LotStanding;
  claim: LotClaim | null;
}

export interface LotBoard {
  lots: BoardLot[];
  settings: StoredHoldSettings;
}

/** `taken`: another claim was placed on the lot first (the database's constraint said so). */
export type HoldOutcome =
  | { outcome: 'held'; claim: LotClaim }
  | { outcome: 'taken' | 'not_available' | 'not_yours' | 'limit' | 'not_found' };

/** A change to a claim: `done`, or why nothing changed. */
export type ClaimChangeOutcome = { outcome: 'done'; claim: LotClaim } | { outcome: 'not_found' | 'not_allowed' | 'ended' | 'extended_before' | 'not_a_hold' };

/** Whom a claim's email goes to. */
export type ClaimRecipient = 'holder' | 'team' | 'broker';

export type ClaimNoticeKind = 'hold_reminder' | 'hold_ended' | 'reservation_step' | 'deposit_overdue';
export const CLAIM_NOTICE_KINDS: readonly ClaimNoticeKind[] = ['hold_reminder', 'hold_ended', 'reservation_step', 'deposit_overdue'];

/** The step a reservation email tells of. */
export type ReservationStep = 'reserved' | 'under_contract' | 'sold' | 'cancelled';

/** What a claim's email is about (private.claim_notice), read when it is delivered. */
export interface NoticeClaim {
  claim: LotClaim;
  recipient: ClaimRecipient;
  /** Who it goes to: the holder's or broker's address; null for the team (LEAD_NOTIFY_TO). */
  to: { name: string; email: string } | null;
  /** For `reservation_step`: the step it tells of. */
  step: ReservationStep | null;
  /** False once the claim changed after it was queued (extended, released, reserved, paid): then it is not sent. */
  live: boolean;
}

/** A line a claim writes in its lead's history: the lot as `from`, a detail (an instant, an amount) as `to`. */
export type ClaimAction =
  | 'hold_placed'
  | 'hold_released'
  | 'hold_extended'
  | 'reserved'
  | 'deposit_received'
  | 'deposit_changed'
  | 'under_contract'
  | 'sold'
  | 'reservation_cancelled';
