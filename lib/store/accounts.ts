import { iso, json, readEvent, utc, utcOrNull, yes, type CallFunction, type EventRow } from './calls';
import type { Account, AccountOverview, NewSession, RedeemOutcome, TeamOverview } from '@/lib/auth/types';
import type { AccountMethods } from './types';
import type { NoticeChallenge } from '@/lib/delivery/types';

// Signing in, one's own account and the team, the same whichever store calls the functions.

const session = (value: NewSession) => ({ p_session_id: value.id, p_secret_hash: value.secretHash, p_device: value.device });

export function accountMethods(call: CallFunction): AccountMethods {
  return {
    ensureOwners: async (emails, now) => void (await call('team_ensure_owners', { p_emails: emails.map((email) => email.toLowerCase()), p_now: iso(now) })),
    requestSignIn: async (request) =>
      json(call, 'auth_request_sign_in', {
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
    linkState: (linkHash, now) => json(call, 'auth_link_state', { p_link_hash: linkHash, p_now: iso(now) }),
    async session(id, now) {
      const found = await json<{ secret_hash: string; created_at: string; account: Account } | null>(call, 'auth_session', { p_id: id, p_now: iso(now) });
      return found ? { secretHash: found.secret_hash, createdAt: utc(found.created_at), account: found.account } : null;
    },
    endSession: (id) => yes(call, 'auth_end_session', { p_id: id }),
    endAllSessions: async (actor, now) => (await call('auth_end_all_sessions', { p_actor: actor.id, p_now: iso(now) })) as number,
    endOwnSession: (actor, id) => yes(call, 'auth_end_own_session', { p_actor: actor.id, p_id: id }),
    accountOverview: async (actor, now) => readAccountOverview(await call('account_overview', { p_actor: actor.id, p_now: iso(now) })),
    renameAccount: (actor, name, now) => yes(call, 'account_rename', { p_actor: actor.id, p_name: name, p_now: iso(now) }),
    nameQuestion: async (actor) => (await json<string | null>(call, 'account_name_question', { p_actor: actor.id })) ?? null,
    confirmName: (actor, name, now) => yes(call, 'account_confirm_name', { p_actor: actor.id, p_name: name, p_now: iso(now) }),
    keepName: (actor) => yes(call, 'account_keep_name', { p_actor: actor.id }),
    openPasskeyCeremony: async (id, purpose, actor, challenge, now) =>
      void (await call('passkey_open_ceremony', { p_id: id, p_purpose: purpose, p_actor: actor?.id ?? null, p_challenge: challenge, p_now: iso(now) })),
    takePasskeyCeremony: async (id, purpose, actor, now) =>
      (await json<string | null>(call, 'passkey_take_ceremony', { p_id: id, p_purpose: purpose, p_actor: actor?.id ?? null, p_now: iso(now) })) ?? null,
    addPasskey: (actor, passkey, now) =>
      yes(call, 'passkey_add', {
        p_actor: actor.id,
        p_id: passkey.id,
        p_public_key: passkey.publicKey,
        p_counter: passkey.counter,
        p_transports: passkey.transports,
        p_backed_up: passkey.backedUp,
        p_label: passkey.label,
        p_now: iso(now),
      }),
    removePasskey: (actor, id, now) => yes(call, 'passkey_remove', { p_actor: actor.id, p_id: id, p_now: iso(now) }),
    async passkeyForSignIn(id) {
      const found = await json<{ id: string; public_key: string; counter: number | string; transports: string[] } | null>(call, 'passkey_for_sign_in', { p_id: id });
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
    changeRole: (actor, accountId, role, now) => yes(call, 'team_change_role', { p_actor: actor.id, p_account: accountId, p_role: role, p_now: iso(now) }),
    removeMember: (actor, accountId, now) => yes(call, 'team_remove', { p_actor: actor.id, p_account: accountId, p_now: iso(now) }),
  };
}

function readRedeemed(json: unknown): RedeemOutcome {
  const answer = json as { outcome: 'signed_in'; account: Account; ask_name?: boolean } | { outcome: 'refused'; reason: string };
  if (answer?.outcome === 'signed_in') return { outcome: 'signed_in', account: answer.account, askName: answer.ask_name === true };
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

/** What a notice carrying a sign-in challenge is about (private.challenge_json), read; null when it is not one. */
export function readNoticeChallenge(about: unknown): NoticeChallenge | null {
  const json = about as { challenge_id?: string; purpose: NoticeChallenge['purpose']; expires_at: string; live: boolean; name: string; email: string; role: NoticeChallenge['role'] } | null;
  if (!json?.challenge_id) return null;
  return { challengeId: json.challenge_id, purpose: json.purpose, expiresAt: new Date(json.expires_at), live: json.live, name: json.name, email: json.email, role: json.role };
}
