import 'server-only';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { serverConfig } from '@/lib/config/server';
import { signIn } from './auth';

/**
 * The team member a request of the inbox comes from. The proxy asks for
 * credentials before any page or action runs; this check stands even if a
 * request reaches one some other way: without them, the inbox does not exist.
 */
export async function currentMember(): Promise<{ name: string; salesTeam: string[] }> {
  const inbox = serverConfig().inbox;
  const name = inbox ? signIn((await headers()).get('authorization'), inbox.accounts) : null;
  if (!inbox || !name) notFound();
  return { name, salesTeam: inbox.salesTeam };
}

/**
 * Whether a change comes from a page of this site: its Origin names the host
 * it was sent to (as Next checks for every Server Action, and the front door
 * for every post).
 */
export async function isSameOrigin(): Promise<boolean> {
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
