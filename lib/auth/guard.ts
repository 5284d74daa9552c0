import 'server-only';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { logEvent } from '@/lib/log';
import { currentActor, requireOwner, requireSignedIn, requireTeam, TEAM_ROLES } from './session';
import type { Actor } from './types';

/** Who may call an action: the team, its owners, or anyone signed in (the store refuses what their role may not do). */
export type ActingRole = 'team' | 'owner' | 'signedIn';

export interface ActionGuard {
  role: ActingRole;
  /** Where a post from another site is sent back to. */
  refusedTo: string;
  /** The event such a post logs, with `reason: 'cross_origin'`. */
  log: string;
  /** Named in that line where one event serves several kinds of action. */
  action?: string;
}

const REQUIRED: Record<ActingRole, () => Promise<Actor>> = { team: requireTeam, owner: requireOwner, signedIn: requireSignedIn };

const MAY_ACT: Record<ActingRole, (actor: Actor) => boolean> = {
  team: (actor) => TEAM_ROLES.includes(actor.role),
  owner: (actor) => actor.role === 'owner',
  signedIn: () => true,
};

/**
 * The first call of every Server Action that acts for an account: the session's account in the role asked (else
 * logged, and off to sign in, or a 404 for the wrong role), posted from a page of this site (else logged and sent
 * back). The store is handed this account and checks it again.
 */
export async function actingAccount(guard: ActionGuard): Promise<Actor> {
  const signedIn = await currentActor();
  if (!signedIn || !MAY_ACT[guard.role](signedIn)) {
    logEvent(guard.log, { ...(guard.action ? { action: guard.action } : {}), reason: signedIn ? 'role' : 'signed_out' }, 'warn');
  }
  const actor = await REQUIRED[guard.role]();
  if (!(await isSameOrigin())) {
    logEvent(guard.log, { ...(guard.action ? { action: guard.action } : {}), reason: 'cross_origin' }, 'warn');
    redirect(guard.refusedTo);
  }
  return actor;
}

/** Whether the post's Origin names the host it was sent to (as Next checks for every Server Action, and the front door for every post). */
async function isSameOrigin(): Promise<boolean> {
  const request = await headers();
  const origin = request.get('origin');
  const host = request.get('x-forwarded-host') ?? request.get('host');
  if (!origin || !host) return false;
  try {
    return new URL(origin).host === host.toLowerCase();
  } catch {
    return false;
  }
}
