/**
 * The broker form promises an answer within 24 hours. A request still pending this long after it arrived
 * is overdue: the inbox marks it, and the team is emailed about it once (the outbox's `broker_overdue`
 * notice falls due at the same moment: supabase/migrations/20261201000100_overdue_requests.sql).
 */
export const OVERDUE_AFTER_MS = 20 * 3_600_000;

/** How long a broker request has waited at `now` when it is overdue, in milliseconds; null when it is not. */
export function overdueWait(lead: { status: string; created_at: string }, now: Date): number | null {
  if (lead.status !== 'pending') return null;
  const waited = now.getTime() - new Date(lead.created_at).getTime();
  return waited >= OVERDUE_AFTER_MS ? waited : null;
}

/** A wait as the team reads it: `20 h 5 min`, or `2 d 3 h` past two days. */
export function formatWait(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days >= 2) return `${days} d ${hours} h`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
