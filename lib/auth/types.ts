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

/**
 * `recent`: the address is over its limit while an email sent to it still signs in (its link), so nothing new is sent;
 * `limited`: the client is over its limit.
 */
export type SignInRequestOutcome = { outcome: 'issued'; name: string } | { outcome: 'unknown' } | { outcome: 'recent' } | { outcome: 'limited' };

export type RedeemOutcome =
  /** `askName`: the account's name is still the guess its address gave, to be put to its person (lib/auth/name-step.ts). */
  | { outcome: 'signed_in'; account: Account; askName: boolean }
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
  action: 'invited' | 'signed_in' | 'code_failed' | 'passkey_added' | 'passkey_removed' | 'role' | 'removed' | 'revoked' | 'restored' | 'signed_out_everywhere' | 'renamed' | 'named';
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
