import type { AccountOverview, Actor, ChallengePurpose, Invitation, MemberInvite, NewPasskey, NewSession, PasskeyPurpose, RedeemOutcome, SignInRequest, SignInRequestOutcome, StoredPasskey, StoredSession, TeamOverview, TeamRole } from '@/lib/auth/types';
import type { ClaimRequest, ClaimedNotice, NoticeKind, NoticeReport, NoticeState } from '@/lib/delivery/types';
import type { LeadContext, LeadFormName, LeadInput } from '@/lib/leads/forms';
import type { BrokerResponseMonth, InboxQuery, LeadChange, LeadDetail, SourceCount, SubmissionGuard, SubmitOutcome, WorkedLead } from '@/lib/leads/types';
import type { BrokerContact, BrokerOverview, BuyerRegistration, CurrentTerms, DownloadKind, Estate, EstateChange, EstateFields, EstateStatus, PortalDownload, Registration, RegistrationDecision, RegistrationReview, RegistrationStatus, RenewOutcome, TeamRegistration, TermsAcceptance, TermsVersion } from '@/lib/portal/types';
import type { ClaimChangeOutcome, Deposit, HoldOutcome, HoldSettings, LotBoard, LotClaim, StoredHoldSettings } from '@/lib/holds/types';
import type { BrokerInsight, EstatePanel, FunnelPanel, InsightPeriod, InsightWindow, LeadsPanel, SpeedPanel, ToursPanel } from '@/lib/insights/types';
import type { AgendaTour, BookedSpan, BookingOutcome, StoredTourSettings, TourChangeOutcome, TourLink, TourLinkIssued, TourSettings } from '@/lib/tours/types';

export type StoreName = 'supabase' | 'embedded';

export interface StoreHealth {
  /** How long the oldest undelivered notice has waited; null when none waits. */
  oldestPendingSeconds: number | null;
  failedNotices: number;
}

/** Registrations: brokers register their buyers, the team reviews the conflicts. */
export interface RegistrationMethods {
  /**
   * Registers a buyer for the acting broker at `at`. A buyer they already hold (under review, or registered
   * and not expired) gives that registration back unchanged, with created false.
   */
  registerBuyer(actor: Actor, buyer: BuyerRegistration, at: Date): Promise<Registration & { created: boolean }>;
  /** The acting broker's own registrations, newest first. */
  brokerRegistrations(actor: Actor): Promise<Registration[]>;
  /** One of the acting broker's own registrations; null for anyone else's. */
  brokerRegistration(actor: Actor, id: string): Promise<Registration | null>;
  /** Once, by its broker, in its last 14 days: 90 days more from its old expiry. */
  renewRegistration(actor: Actor, id: string, at: Date): Promise<RenewOutcome>;
  /** Every registration for the team, newest first; of one status when given. */
  teamRegistrations(actor: Actor, status: RegistrationStatus | null): Promise<TeamRegistration[]>;
  /** A registration with both sides of its conflict; null when there is none with this id. */
  registrationReview(actor: Actor, id: string): Promise<RegistrationReview | null>;
  /** The registrations of a prospect inquiry's buyer, by address or telephone. */
  inquiryRegistrations(actor: Actor, inquiryId: string): Promise<TeamRegistration[]>;
  /** Decides a registration under review; with `notify`, the broker's email joins the outbox. False when it was not under review. */
  decideRegistration(actor: Actor, id: string, decision: RegistrationDecision, notify: boolean, at: Date): Promise<boolean>;
}

/** Storing leads and delivering their notices: what the forms and the delivery worker use. */
export interface LeadMethods {
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
  /** Resolves when the store takes a write, with the outbox's state; throws a StoreError when it does not. */
  checkHealth(): Promise<StoreHealth>;
  /** Claims due notices for one worker, under a lease (several instances never hold one notice at once). */
  claimNotices(request: ClaimRequest): Promise<ClaimedNotice[]>;
  /** Reports on a claimed notice; false when the lease had passed to another worker, and nothing changed. */
  completeNotice(report: NoticeReport): Promise<boolean>;
  /**
   * Deletes what is older than this many days at `at`: leads (with their notes, history and notices), ended
   * client registrations, portal downloads, terms acceptances but each broker's latest, and brokers whose
   * access ended that long ago. How many of each went.
   */
  applyRetention(days: number, at: Date): Promise<RetentionReport>;
}

/** What one pass of retention deleted, by kind. */
export interface RetentionReport {
  leads: number;
  registrations: number;
  brokers: number;
  downloads: number;
  acceptances: number;
  tours: number;
}

/** The inbox: the team's work on leads, each change recorded with who made it. */
export interface InboxMethods {
  /** A page of a form's leads, newest first, filtered and searched, with how many match. */
  searchLeads(actor: Actor, query: InboxQuery): Promise<{ total: number; leads: WorkedLead[] }>;
  /** A page of a form's leads, oldest first (new leads then only append, so paging through cannot skip or repeat one). */
  exportLeads<Form extends LeadFormName>(actor: Actor, form: Form, page: { offset: number; limit: number }): Promise<WorkedLead<Form>[]>;
  /** A lead with its notes and history; null when there is none with this id. */
  leadDetail(actor: Actor, id: string): Promise<LeadDetail | null>;
  /**
   * False when nothing changed (no such lead, or the same value). An owner who is not an active team member is
   * refused (StoreError LEAD_REFUSALS.notAnOwner). With `notify`, a lead given to someone other than the actor
   * puts the email telling them in the outbox. Recorded at `at`.
   */
  changeLead(actor: Actor, id: string, change: LeadChange, notify: boolean, at: Date): Promise<boolean>;
  addNote(actor: Actor, id: string, body: string): Promise<boolean>;
  /**
   * Approves or declines a broker request. Approval gives the broker an account and the invitation, which
   * the approval email carries; declining ends any access they had. With `notify`, the email joins the outbox.
   */
  decideBroker(actor: Actor, id: string, decision: 'approved' | 'declined', notify: boolean, invitation: Invitation, now: Date): Promise<boolean>;
  /** Ends a broker's access (their sessions at once), or gives it back with a new invitation. */
  changeBrokerAccess(actor: Actor, leadId: string, change: 'revoke' | 'restore', notify: boolean, invitation: Invitation, now: Date): Promise<boolean>;
  /** Puts a failed notice back in line, now, and records who asked; false when it was not failed. */
  resendNotice(actor: Actor, id: string, now: Date): Promise<boolean>;
  /** The notices of these leads, and where each stands. */
  leadNotices(actor: Actor, leadIds: readonly string[]): Promise<NoticeState[]>;
  /**
   * Deletes every lead with this address, with its notes, history and notices, a broker account of it, and the
   * registrations of a buyer of this address (normalised), keeping only that it happened; their holds still running
   * at `now` end, released. How many leads went.
   */
  erasePerson(actor: Actor, email: string, now: Date): Promise<number>;
  leadsBySource(actor: Actor, timeZone: string): Promise<SourceCount[]>;

}

/** Signing in, one's own account, and the team managed by its owners. */
export interface AccountMethods {
  /** Makes these addresses owners who may always sign in (ADMIN_EMAILS). */
  ensureOwners(emails: readonly string[], now: Date): Promise<void>;
  requestSignIn(request: SignInRequest): Promise<SignInRequestOutcome>;
  redeemCode(email: string, codeHash: string, now: Date, session: NewSession): Promise<RedeemOutcome>;
  redeemLink(linkHash: string, now: Date, session: NewSession): Promise<RedeemOutcome>;
  /** Whether a link may still sign someone in; spends nothing. */
  linkState(linkHash: string, now: Date): Promise<{ live: boolean; purpose: ChallengePurpose | null }>;
  /** The session with this id while it lives (its last use moved on); null once it has ended. */
  session(id: string, now: Date): Promise<StoredSession | null>;
  endSession(id: string): Promise<boolean>;
  endAllSessions(actor: Actor, now: Date): Promise<number>;
  endOwnSession(actor: Actor, id: string): Promise<boolean>;
  accountOverview(actor: Actor, now: Date): Promise<AccountOverview>;
  renameAccount(actor: Actor, name: string, now: Date): Promise<boolean>;
  /** The name the account is still to be asked about at sign-in (the guess its address gave), or null once answered. */
  nameQuestion(actor: Actor): Promise<string | null>;
  /** The person's answer: this name, recorded in the history as given (or, asked no longer, as a change of name). */
  confirmName(actor: Actor, name: string, now: Date): Promise<boolean>;
  /** "Not now": the guess stays, and is asked about no more. Whether the question was still open. */
  keepName(actor: Actor): Promise<boolean>;
  openPasskeyCeremony(id: string, purpose: PasskeyPurpose, actor: Actor | null, challenge: string, now: Date): Promise<void>;
  /** The ceremony's challenge, spent; null when it was spent already, has expired, or was another account's. */
  takePasskeyCeremony(id: string, purpose: PasskeyPurpose, actor: Actor | null, now: Date): Promise<string | null>;
  addPasskey(actor: Actor, passkey: NewPasskey, now: Date): Promise<boolean>;
  removePasskey(actor: Actor, id: string, now: Date): Promise<boolean>;
  /** A passkey that may sign an active team member in; null otherwise. */
  passkeyForSignIn(id: string): Promise<StoredPasskey | null>;
  passkeySignIn(id: string, counter: number, now: Date, session: NewSession): Promise<RedeemOutcome>;

  teamOverview(actor: Actor, now: Date): Promise<TeamOverview>;
  inviteMember(actor: Actor, invite: MemberInvite, invitation: Invitation, now: Date, notify: boolean): Promise<'invited' | 'member' | 'taken'>;
  changeRole(actor: Actor, accountId: string, role: TeamRole, now: Date): Promise<boolean>;
  removeMember(actor: Actor, accountId: string, now: Date): Promise<boolean>;
}

/** The broker portal: brokers read, the team keeps it; each change to an estate recorded with who made it. */
export interface PortalMethods {
  /** The estates by lot ("Lot 2" before "Lot 10"), of one status when named; for brokers and the team. */
  listEstates(actor: Actor, status: EstateStatus | null): Promise<Estate[]>;
  /** The team adds an estate; a lot already listed is refused (23505). */
  createEstate(actor: Actor, fields: EstateFields, now: Date): Promise<Estate>;
  /** The team changes an estate; false when there is none with this id, or nothing changed. */
  updateEstate(actor: Actor, id: string, fields: EstateFields, now: Date): Promise<boolean>;
  /** The team sets an estate's status and price; false when there is none with this id, or nothing changed. */
  setEstateStatus(actor: Actor, id: string, status: EstateStatus, listPrice: number | null, now: Date): Promise<boolean>;
  /** The team deletes an estate (its history stays); false when there is none. A sold one is refused (PORTAL_REFUSALS.estateSold). */
  deleteEstate(actor: Actor, id: string, now: Date): Promise<boolean>;
  /** Every change to an estate, oldest first; for the team. */
  estateHistory(actor: Actor, id: string): Promise<EstateChange[]>;
  /** The team publishes a new version of the terms; its number (1, 2, 3…). */
  publishTerms(actor: Actor, body: string, now: Date): Promise<number>;
  /** The latest terms; null while none are published. */
  currentTerms(actor: Actor): Promise<CurrentTerms | null>;
  /** Every published version, newest first, with who published it; for the team. */
  termsVersions(actor: Actor): Promise<TermsVersion[]>;
  /** A broker accepts a version; false when they had already. Any but the latest is refused (PORTAL_REFUSALS.termsStale). */
  acceptTerms(actor: Actor, version: number, now: Date): Promise<boolean>;
  /** The versions a broker has accepted, newest first; for the team. */
  termsAcceptances(actor: Actor, brokerId: string): Promise<TermsAcceptance[]>;
  /** The acting account downloaded a document. */
  recordDownload(actor: Actor, kind: DownloadKind, now: Date): Promise<void>;
  /** The newest downloads (at most `limit`, up to 1000), of one account when named, newest first; for the team. */
  listDownloads(actor: Actor, accountId: string | null, limit: number): Promise<PortalDownload[]>;
  /** The team member who owns the acting broker's request; null when nobody does (and for a team member). */
  brokerContact(actor: Actor): Promise<BrokerContact | null>;
}

export interface BrokerOverviewMethods {
  /** Every broker account, those with access first, then by name; for the team (a broker is refused, 42501). */
  brokerOverview(actor: Actor): Promise<BrokerOverview[]>;
}

export interface ResponseMethods {
  /** Broker requests per month, newest first: how many arrived, were answered within 24 hours, later, or still wait. The team's only. */
  brokerResponseMonths(actor: Actor, timeZone: string): Promise<BrokerResponseMonth[]>;
}

/** Private tours: settings, links, bookings, the agenda. Times come from the app's clock (`at`). */
export interface TourMethods {
  /** The settings in force (the defaults until the team saves some). No account: the booking page reads them. */
  tourSettings(): Promise<StoredTourSettings>;
  /** The team saves the settings (closed dates as the whole list); 22023 when out of range. */
  saveTourSettings(actor: Actor, settings: TourSettings, at: Date): Promise<StoredTourSettings>;
  /**
   * Issues the link for an inquiry's receipt: the lead's live link when it has one, else a new one with this id
   * and token hash (lib/tours/links.ts newTourLink), valid 30 days. Null when the lead is gone.
   */
  issueTourLink(link: { id: string; leadId: string; tokenHash: string }, at: Date): Promise<TourLinkIssued | null>;
  /** The live link with this token hash; null when there is none, it expired, its lead is gone or its tour was cancelled. */
  tourLink(tokenHash: string, at: Date): Promise<TourLink | null>;
  bookTourByLink(tokenHash: string, startsAt: Date, timeZone: string, at: Date): Promise<BookingOutcome>;
  /** A broker books for a registration of theirs that is active; refused (StoreError 42501) otherwise. */
  bookTourForRegistration(actor: Actor, registrationId: string, startsAt: Date, timeZone: string, at: Date): Promise<BookingOutcome>;
  moveTourByLink(tokenHash: string, startsAt: Date, timeZone: string, at: Date): Promise<TourChangeOutcome>;
  cancelTourByLink(tokenHash: string, at: Date): Promise<TourChangeOutcome>;
  /** The team moves any tour, a broker their own. */
  moveTour(actor: Actor, tourId: string, startsAt: Date, timeZone: string, at: Date): Promise<TourChangeOutcome>;
  cancelTour(actor: Actor, tourId: string, at: Date): Promise<TourChangeOutcome>;
  /** The team assigns a booked tour's host (an active team member) or none; false when there is no such tour. */
  assignTourHost(actor: Actor, tourId: string, hostId: string | null, at: Date): Promise<boolean>;
  /** The booked tours' holds overlapping [from, to), for the open times. */
  bookedSpans(from: Date, to: Date): Promise<BookedSpan[]>;
  /** The team's agenda: booked tours starting in [from, to), in order. */
  tourAgenda(actor: Actor, from: Date, to: Date): Promise<AgendaTour[]>;
  /** A broker's own tours, booked and cancelled, the latest start first. */
  brokerTours(actor: Actor): Promise<AgendaTour[]>;
}

/**
 * Where leads, and the accounts of the people who work them, are kept. The forms are described to it by
 * their registry entries (lib/leads/forms.ts). Every method that acts for a person takes them as an
 * Actor, and the database refuses (a StoreError, code 42501) what that account may not do.
 */
export interface LeadStore
  extends LeadMethods, InboxMethods, AccountMethods, PortalMethods, RegistrationMethods, BrokerOverviewMethods, ResponseMethods, TourMethods, TourPostMethods, HoldMethods, InsightMethods {}

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

/**
 * Holds and reservations on lots (supabase/migrations/…_holds.sql). One active claim per lot, enforced by the database;
 * what is held is decided as of `at`. The team may do anything here; a broker holds for their own active registrations
 * and sees only their own claims.
 */
export interface HoldMethods {
  /** Every estate with its shape, what it shows as of `at`, and its active claim where the account may see it; with the settings. */
  lotBoard(actor: Actor, at: Date): Promise<LotBoard>;
  /** The team's: 22023 when out of range. */
  saveHoldSettings(actor: Actor, settings: HoldSettings, at: Date): Promise<StoredHoldSettings>;
  /** The team links an estate to a shape of the plan (null: none). */
  setEstateShape(actor: Actor, estateId: string, shape: string | null, at: Date): Promise<'done' | 'taken' | 'not_found'>;
  /** Claims of one estate, registration or lead, newest first: the team's any, a broker's their own. */
  lotClaims(actor: Actor, of: { estateId?: string; registrationId?: string; leadId?: string }, at: Date): Promise<LotClaim[]>;
  /** Reservations with their deposit unpaid past its due day; the team's. */
  overdueDeposits(actor: Actor, at: Date): Promise<LotClaim[]>;
  placeHold(actor: Actor, estateId: string, forWhom: { registrationId: string } | { leadId: string }, at: Date): Promise<HoldOutcome>;
  releaseHold(actor: Actor, claimId: string, at: Date): Promise<ClaimChangeOutcome>;
  /** The team's, once, with a reason (22023 without one). */
  extendHold(actor: Actor, claimId: string, reason: string, at: Date): Promise<ClaimChangeOutcome>;
  /** The team turns a running hold into a reservation; 22023 when the deposit is not an amount or is due on a day past. */
  reserveLot(actor: Actor, claimId: string, deposit: Deposit, timeZone: string, at: Date): Promise<ClaimChangeOutcome>;
  updateDeposit(actor: Actor, claimId: string, deposit: Deposit, timeZone: string, at: Date): Promise<ClaimChangeOutcome>;
  advanceReservation(actor: Actor, claimId: string, stage: 'under_contract' | 'sold', at: Date): Promise<ClaimChangeOutcome>;
  /** The team's, with a reason (22023 without one); the lot is available again. */
  cancelReservation(actor: Actor, claimId: string, reason: string, at: Date): Promise<ClaimChangeOutcome>;
}

/**
 * The team's figures at /admin/insights (supabase/migrations/…_insights.sql): a method per panel, for a period counted
 * in the site's zone as of `at`; the team's only.
 */
/** Who the figures are read for: a member of the team, or an owner's Monday email (the worker has no session). */
type Acting = Pick<Actor, 'id'>;

export interface InsightMethods {
  insightWindow(actor: Acting, period: InsightPeriod, timeZone: string, at: Date): Promise<InsightWindow>;
  leadInsights(actor: Acting, period: InsightPeriod, timeZone: string, at: Date): Promise<LeadsPanel>;
  speedInsights(actor: Acting, period: InsightPeriod, timeZone: string, at: Date): Promise<SpeedPanel>;
  funnelInsights(actor: Acting, period: InsightPeriod, timeZone: string, at: Date): Promise<FunnelPanel>;
  tourInsights(actor: Acting, period: InsightPeriod, timeZone: string, at: Date): Promise<ToursPanel>;
  brokerInsights(actor: Acting, period: InsightPeriod, timeZone: string, at: Date): Promise<BrokerInsight[]>;
  estateInsights(actor: Acting, period: InsightPeriod, timeZone: string, at: Date): Promise<EstatePanel>;
  /**
   * An owner's Monday email of the week's figures: `on` true asks for it (the next Monday at 8:00 in `timeZone` joins
   * the outbox), false stops it, null only reads. Answers whether they get it now.
   */
  weeklyFigures(actor: Acting, on: boolean | null, timeZone: string, at: Date): Promise<boolean>;
}

/** The forms' limits, held to the posts of the buyer's tour page (supabase/migrations/…_tour_posts.sql). */
export interface TourPostMethods {
  /**
   * Counts a post of the tour page against the client's limit and the global cap the lead forms are held to:
   * `admitted` when it may act, `limited` when over either (then nothing is counted).
   */
  admitTourPost(guard: Pick<SubmissionGuard, 'clientAddress' | 'perClient' | 'global'>): Promise<'admitted' | 'limited'>;
}
