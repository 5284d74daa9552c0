import 'server-only';
import { createHash } from 'node:crypto';

/** What the database accepts as a submission key (supabase/migrations, submission_key check). */
const SUBMISSION_KEY = /^[A-Za-z0-9_-]{16,128}$/;

/** Posts without JavaScript carry no key: the same content within this window is taken as the same submission. */
export const CONTENT_KEY_WINDOW_MS = 10 * 60 * 1000;

/**
 * The key that makes a submission idempotent. With the browser's key (made
 * per attempt, kept across retries) it covers the content too: a retry of the
 * same submission is stored once, while one the visitor edited before sending
 * again is a new lead, never a "success" whose words were dropped. Without one
 * (no JavaScript), the content, the visitor's address and the current
 * ten-minute window stand in for it.
 */
export function submissionKey(form: string, sent: FormDataEntryValue | null, row: object, client: string | null, now: number): string {
  const digest = (parts: unknown[]) => createHash('sha256').update(JSON.stringify(parts)).digest('hex');
  if (typeof sent === 'string' && SUBMISSION_KEY.test(sent)) return `browser-${digest([form, row, sent])}`;
  const window = Math.floor(now / CONTENT_KEY_WINDOW_MS);
  return `content-${digest([form, row, client, window])}`;
}
