import type { RateLimit } from '@/lib/config/server';
import type { LeadContext, LeadFormName, LeadInput, LeadRow } from '@/lib/leads/forms';
import type { BookedSpan, Tour, TourNotice, TourNoticeKind, TourSettings } from '@/lib/tours/types';
import type { TourPostMethods } from './tour-posts';

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
  | TourNoticeKind;

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
  /** tour_booked (to: its start), tour_moved (from, to: starts), tour_cancelled (from: its start), tour_host (from, to: host names). */
  action: 'status' | 'owner' | 'follow_up_on' | 'note' | 'decision' | 'resend' | 'tour_booked' | 'tour_moved' | 'tour_cancelled' | 'tour_host';
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

export type LeadChange = { field: 'status'; value: string } | { field: 'owner'; value: string | null } | { field: 'follow_up_on'; value: string | null };

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

export interface StoreHealth {
  /** How long the oldest undelivered notice has waited; null when none waits. */
  oldestPendingSeconds: number | null;
  failedNotices: number;
}

// Accounts: the sales team (owners and members) and approved brokers, and how they sign in.

export type AccountRole = 'owner' | 'member' | 'broker';
export type TeamRole = Exclude<AccountRole, 'broker'>;

export interface Account {
  id: string;
  email: string;
  name: string;
  role: AccountRole;
  phone: string | null;
  brokerage: string | null;
  /** An owner ADMIN_EMAILS names: may always sign in, never removed nor demoted in the inbox. */
  fixed: boolean;
}

/**
 * Someone signed in, as every store method that acts for a person takes them: made from a session the
 * server has verified (lib/auth/session.ts). The database checks the account again on every call.
 */
export interface Actor extends Account {
  readonly sessionId: string;
}

/** A session as the database keeps it: the hash of its secret, for the server to compare, and whose it is. */
export interface StoredSession {
  secretHash: string;
  createdAt: string;
  account: Account;
}

/** A session about to begin: its id and the hash of its secret (never the secret), and what device it is on. */
export interface NewSession {
  id: string;
  secretHash: string;
  device: string | null;
}

export interface SignInRequest {
  email: string;
  clientAddress: string;
  challengeId: string;
  codeHash: string;
  linkHash: string;
  now: Date;
  /** Requests one address, and one client, may make in the window. */
  perAddress: number;
  perClient: number;
  windowSeconds: number;
  /** Whether the code's email joins the outbox (mail configured). */
  notify: boolean;
}

export type SignInRequestOutcome = { outcome: 'issued'; name: string } | { outcome: 'unknown' } | { outcome: 'limited' };

export type RedeemOutcome =
  | { outcome: 'signed_in'; account: Account }
  | { outcome: 'refused'; reason: 'no_live_code' | 'wrong_code' | 'exhausted' | 'unknown_link' | 'dead_link' | 'no_account' | 'counter' };

export type ChallengePurpose = 'sign_in' | 'invitation';

/** A link valid 7 days that signs its holder in once: its id (the code and link derive from it) and its link's hash. */
export interface Invitation {
  challengeId: string;
  linkHash: string;
}

export interface PasskeySummary {
  id: string;
  label: string;
  createdAt: string;
  lastUsedAt: string | null;
  backedUp: boolean;
}

export interface SessionSummary {
  id: string;
  device: string | null;
  createdAt: string;
  lastUsedAt: string;
}

export interface AccountOverview {
  account: Account;
  passkeys: PasskeySummary[];
  sessions: SessionSummary[];
}

export interface NewPasskey {
  id: string;
  publicKey: string;
  counter: number;
  transports: string[];
  backedUp: boolean;
  label: string;
}

export interface StoredPasskey {
  id: string;
  publicKey: string;
  counter: number;
  transports: string[];
}

export type PasskeyPurpose = 'register' | 'sign_in';

export interface TeamMember extends Account {
  joinedAt: string | null;
  lastSignInAt: string | null;
  createdAt: string;
  passkeys: number;
  /** While an invitation waits to be used: until when it may. */
  invitedUntil: string | null;
}

/** One thing that happened to an account: who did it, what, when. */
export interface AccountEvent {
  at: string;
  actor: string;
  action: 'invited' | 'signed_in' | 'code_failed' | 'passkey_added' | 'passkey_removed' | 'role' | 'removed' | 'revoked' | 'restored' | 'signed_out_everywhere' | 'renamed';
  detail: string | null;
}

export interface TeamOverview {
  members: TeamMember[];
  /** The newest hundred events of the team's accounts, newest first, each with whose account it was. */
  activity: (AccountEvent & { account: string })[];
}

export interface MemberInvite {
  name: string;
  email: string;
  role: TeamRole;
  phone: string | null;
}

/** A broker's portal access, on the page of the request it was approved from. */
export interface BrokerAccess {
  status: 'active' | 'revoked' | 'removed';
  joinedAt: string | null;
  lastSignInAt: string | null;
  activity: AccountEvent[];
}

// Client registration: a broker registers a buyer before a showing, and is protected for 90 days.

/** `under_review`: the buyer wrote to us in the 180 days before, or another broker holds them; the team decides. */
export type RegistrationStatus = 'registered' | 'under_review' | 'declined';

/** A buyer as the broker registers them. */
export interface BuyerRegistration {
  fullName: string;
  email: string;
  phone: string | null;
  note: string | null;
}

/** A registration as its broker sees it. */
export interface Registration {
  id: string;
  fullName: string;
  email: string;
  phone: string | null;
  note: string | null;
  status: RegistrationStatus;
  createdAt: string;
  /** While registered: until when it protects the broker (it may have passed: then it protects no more). */
  expiresAt: string | null;
  renewedAt: string | null;
  decidedAt: string | null;
  /** Why the team declined it. */
  reason: string | null;
}

/** A registration as the team sees it: whose it is, the keys it is matched by, why it was reviewed, who decided. */
export interface TeamRegistration extends Registration {
  broker: { id: string; name: string; email: string; brokerage: string | null };
  /** The address as one buyer (lower-cased; at Gmail without dots or +tag). */
  emailKey: string;
  phoneDigits: string | null;
  /** The last 10 digits of the telephone (null under 7 digits). */
  phoneKey: string | null;
  conflictInquiryId: string | null;
  conflictRegistrationId: string | null;
  decidedBy: string | null;
}

/** A registration under review with both sides of its conflict. */
export interface RegistrationReview {
  registration: TeamRegistration;
  /** The prospect inquiry it met, while it is kept. */
  inquiry: { id: string; fullName: string; email: string; phone: string | null; createdAt: string; status: string; owner: string | null } | null;
  /** The other broker's registration it met. */
  other: TeamRegistration | null;
}

export type RenewOutcome = 'renewed' | 'not_found' | 'not_active' | 'renewed_before' | 'too_early';

export type RegistrationDecision = { status: 'registered' } | { status: 'declined'; reason: string };

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
  /** False when nothing changed (no such lead, or the same value). */
  changeLead(actor: Actor, id: string, change: LeadChange): Promise<boolean>;
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
   * registrations of a buyer of this address (normalised), keeping only that it happened. How many leads went.
   */
  erasePerson(actor: Actor, email: string): Promise<number>;
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

// The broker portal: estates, co-brokerage terms, downloads and a broker's contact on the team.

export type EstateStatus = 'available' | 'reserved' | 'under_contract' | 'sold';
export const ESTATE_STATUSES: readonly EstateStatus[] = ['available', 'reserved', 'under_contract', 'sold'];

/** What the team says of an estate. */
export interface EstateFields {
  /** The lot's name or number ("Lot 7"); one estate per lot. */
  lot: string;
  lotAcres: number;
  homeSqft: number;
  bedrooms: number;
  /** In halves: 2.5. */
  bathrooms: number;
  status: EstateStatus;
  /** Whole dollars; null: "Price on request". */
  listPrice: number | null;
}

export interface Estate extends EstateFields {
  id: string;
  changedAt: string;
  createdAt: string;
}

/** One change to an estate: the fields that changed, before and after (the whole estate when created, or deleted). */
export interface EstateChange {
  at: string;
  /** Who made it; null once their account is gone. */
  actorId: string | null;
  actor: string | null;
  /** Null when the estate was created. */
  before: Partial<EstateFields> | null;
  /** Null when the estate was deleted. */
  after: Partial<EstateFields> | null;
}

/** The latest co-brokerage terms, and whether the acting account has accepted them (a team member always has). */
export interface CurrentTerms {
  version: number;
  /** Plain text, paragraphs apart by blank lines. */
  body: string;
  publishedAt: string;
  accepted: boolean;
  acceptedAt: string | null;
  /** Whether the acting account accepted an earlier version: the terms have changed since. */
  acceptedBefore: boolean;
}

/** A published version of the terms, as the team's page lists it. */
export interface TermsVersion {
  version: number;
  publishedAt: string;
  /** Who published it; null once their account is gone. */
  publishedBy: string | null;
}

export interface TermsAcceptance {
  version: number;
  acceptedAt: string;
}

export type DownloadKind = 'price_list' | 'brochure';

export interface PortalDownload {
  accountId: string;
  name: string;
  email: string;
  brokerage: string | null;
  role: AccountRole;
  kind: DownloadKind;
  at: string;
}

/** The team member a broker deals with. */
export interface BrokerContact {
  name: string;
  email: string;
  phone: string | null;
}

/**
 * What the portal's functions refuse with a code of their own (StoreError.code), beside 42501 for an account
 * that may not act at all and 23505 for a lot already listed.
 */
export const PORTAL_REFUSALS = {
  /** A sold estate cannot be deleted. */
  estateSold: 'AC001',
  /** Only the latest version of the terms can be accepted. */
  termsStale: 'AC002',
} as const;

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

// The team's view of its brokers, at /admin/brokers.

/** A broker's registrations, counted by where each stands. */
export type RegistrationCounts = Record<RegistrationStatus, number>;

/** A broker as the team sees them: their access, the terms they accepted, their downloads and registrations. */
export interface BrokerOverview {
  id: string;
  name: string;
  email: string;
  brokerage: string | null;
  /** Whether they may sign in; `revoked` once the team has ended their access. */
  status: 'active' | 'revoked';
  /** When their access last began: the approval's invitation, or the access given back. */
  accessSince: string;
  /** When their access ended, while it is ended. */
  revokedAt: string | null;
  lastSignInAt: string | null;
  /** The newest version of the terms they accepted, and whether it is still the latest; null when none. */
  terms: { version: number; acceptedAt: string; current: boolean } | null;
  /** How many documents they downloaded in all, and the latest ten, newest first. */
  downloads: number;
  recentDownloads: { kind: DownloadKind; at: string }[];
  registrations: RegistrationCounts;
  /** The broker request they were approved from (how their access is changed); null for an account made otherwise. */
  leadId: string | null;
  /** Whether that request is still kept (erasure and retention delete leads), so that its page can be opened. */
  leadKept: boolean;
}

export interface BrokerOverviewMethods {
  /** Every broker account, those with access first, then by name; for the team (a broker is refused, 42501). */
  brokerOverview(actor: Actor): Promise<BrokerOverview[]>;
}

/**
 * Where leads, and the accounts of the people who work them, are kept. The forms are described to it by
 * their registry entries (lib/leads/forms.ts). Every method that acts for a person takes them as an
 * Actor, and the database refuses (a StoreError, code 42501) what that account may not do.
 */
// The 24-hour promise to brokers: requests overdue, and how the promise was kept month by month.

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

export interface ResponseMethods {
  /** Broker requests per month, newest first: how many arrived, were answered within 24 hours, later, or still wait. The team's only. */
  brokerResponseMonths(actor: Actor, timeZone: string): Promise<BrokerResponseMonth[]>;
}

/** The team's tour settings as saved: who changed them last, and when (null while the defaults are in force). */
export interface StoredTourSettings extends TourSettings {
  changedAt: string | null;
  changedBy: string | null;
}

/** A tour link as issued: the worker derives its token from the id (lib/tours/links.ts). */
export interface TourLinkIssued {
  id: string;
  leadId: string;
  issuedAt: string;
  expiresAt: string;
}

/** A live tour link, for the booking page: whose it is, its tour still to come and who hosts it. */
export interface TourLink extends TourLinkIssued {
  buyerName: string;
  tour: Tour | null;
  /** The name of its tour's host once the team assigns one; null until then, or with no tour. */
  hostName: string | null;
}

/**
 * A booking's answer: booked (the tour), exists (the link's or registration's tour still to come: move it
 * instead), full (every place at that time is held), dead (the link is not live), invalid (a time not allowed).
 */
export type BookingOutcome =
  | { outcome: 'booked' | 'exists'; tour: Tour }
  | { outcome: 'full' | 'dead' | 'invalid' };

/** A move's or cancellation's answer; not_found: no booked tour still to come that this caller may change. */
export type TourChangeOutcome =
  | { outcome: 'moved' | 'cancelled'; tour: Tour }
  | { outcome: 'full' | 'invalid'; tour: Tour }
  | { outcome: 'dead' | 'not_found' };

export interface TourPerson {
  id: string;
  name: string;
  email: string;
  brokerage: string | null;
}

/** A tour on the team's agenda or a broker's list: with its buyer, host and broker. */
export interface AgendaTour {
  tour: Tour;
  timeZone: string;
  buyer: { name: string; email: string; phone: string | null };
  host: TourPerson | null;
  broker: TourPerson | null;
}

/** What a tour notice is about (private.tour_notice): the TourNotice but its manageUrl, whom it goes to, and the link to make that from. */
export interface NoticeTour extends Omit<TourNotice, 'manageUrl' | 'portalUrl'> {
  recipient: 'buyer' | 'broker' | 'host';
  /** The tour's link (a buyer's booking), from which the worker derives the manage link with the server's key. */
  linkId: string | null;
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

export interface LeadStore extends LeadMethods, InboxMethods, AccountMethods, PortalMethods, RegistrationMethods, BrokerOverviewMethods, ResponseMethods, TourMethods, TourPostMethods {}

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
