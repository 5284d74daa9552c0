import 'server-only';
import { headers } from 'next/headers';

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
