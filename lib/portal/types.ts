// The broker portal: client registrations, estates, co-brokerage terms, downloads, and the team's view of its brokers.
import type { AccountRole } from '@/lib/auth/types';

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
  /** A broker before they accept the latest terms (or before any are published): the portal is closed to them. */
  closed: 'AC003',
  /** While a hold or reservation is on a lot, its status is the claim's to set, not the estate form's. */
  estateClaimed: 'AC005',
} as const;

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
