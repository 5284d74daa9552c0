import 'server-only';
import { createHash } from 'node:crypto';

/** What the database accepts as a submission key (supabase/migrations, submission_key check). */
const SUBMISSION_KEY = /^[A-Za-z0-9_-]{16,128}$/;

/** Posts without JavaScript carry no key: the same content within this window is taken as the same submission. */
export const CONTENT_KEY_WINDOW_MS = 10 * 60 * 1000;

/**
 * The key that makes a submission idempotent: the browser's own when it sent
 * one (made per attempt, kept across retries), otherwise one derived from
 * the content, the visitor's address and the current ten-minute window.
 */
export function submissionKey(form: string, sent: FormDataEntryValue | null, row: object, client: string | null, now: number): string {
  if (typeof sent === 'string' && SUBMISSION_KEY.test(sent)) return sent;
  const window = Math.floor(now / CONTENT_KEY_WINDOW_MS);
  return `content-${createHash('sha256').update(JSON.stringify([form, row, client, window])).digest('hex')}`;
}
