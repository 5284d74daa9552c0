import 'server-only';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { logEvent } from '@/lib/log';
import { currentActor, requireOwner, requireSignedIn, requireTeam } from './session';
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

/**
 * The first call of every Server Action that acts for an account: the session's account in the role asked (else
 * logged, and off to sign in, or a 404 for the wrong role), posted from a page of this site (else logged and sent
 * back). The store is handed this account and checks it again.
 */
export async function actingAccount(guard: ActionGuard): Promise<Actor> {
  const actor = await inRole(guard);
  if (!(await isSameOrigin())) {
    logEvent(guard.log, { ...(guard.action ? { action: guard.action } : {}), reason: 'cross_origin' }, 'warn');
    redirect(guard.refusedTo);
  }
  return actor;
}

/**
 * The account in the role asked, by the session's own checks; their refusal (off to sign in, a 404) said in a line
 * first. Anything else thrown (the store failing) is no refusal, and passes as it is.
 */
async function inRole(guard: ActionGuard): Promise<Actor> {
  try {
    return await REQUIRED[guard.role]();
  } catch (error) {
    if (typeof (error as { digest?: unknown } | null)?.digest === 'string') {
      logEvent(guard.log, { ...(guard.action ? { action: guard.action } : {}), reason: (await currentActor()) ? 'role' : 'signed_out' }, 'warn');
    }
    throw error;
  }
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
