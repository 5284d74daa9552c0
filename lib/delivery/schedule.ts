/** How long a notice is retried before it is marked failed and shown to the team. */
export const RETRY_FOR_MS = 24 * 60 * 60 * 1000;

const FIRST_RETRY_MS = 15 * 1000;
const LONGEST_WAIT_MS = 60 * 60 * 1000;

/** The wait after a failed attempt (1 for the first): 15 s, doubling each time, never more than an hour. */
export function retryDelay(attempt: number): number {
  return Math.min(LONGEST_WAIT_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempt - 1));
}

/**
 * After a failed attempt: when to try again, or null when the notice has been
 * tried for a day and is now failed.
 */
export function nextAttempt(attempt: number, createdAt: Date, now: Date): Date | null {
  if (now.getTime() - createdAt.getTime() >= RETRY_FOR_MS) return null;
  return new Date(now.getTime() + retryDelay(attempt));
}
