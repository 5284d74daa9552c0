import 'server-only';
import { createHash, timingSafeEqual } from 'node:crypto';

export const ADMIN_USER = 'admin';
export const ADMIN_REALM = 'Aldercrest leads';

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * Whether an Authorization header carries the admin's credentials. Both
 * parts are compared in constant time, as digests of equal length, and both
 * are always compared, so the answer takes as long whatever was wrong.
 */
export function isAdmin(authorization: string | null, password: string): boolean {
  const [scheme, encoded = ''] = (authorization ?? '').split(' ');
  const decoded = scheme?.toLowerCase() === 'basic' ? Buffer.from(encoded, 'base64').toString('utf8') : '';
  const separator = decoded.indexOf(':');
  const user = separator < 0 ? '' : decoded.slice(0, separator);
  const given = separator < 0 ? '' : decoded.slice(separator + 1);
  const userMatches = timingSafeEqual(digest(user), digest(ADMIN_USER));
  const passwordMatches = timingSafeEqual(digest(given), digest(password));
  return separator >= 0 && userMatches && passwordMatches;
}

/**
 * Failed sign-ins per client, in a sliding window. In memory (each instance
 * counts its own), and bounded: past `capacity` clients the one heard from
 * least recently is forgotten, so however many addresses try, the table stays
 * small.
 */
export class FailedAttempts {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly capacity = 10_000,
  ) {}

  private recent(client: string, now: number): number[] {
    const kept = (this.failures.get(client) ?? []).filter((time) => now - time < this.windowMs);
    if (!kept.length) this.failures.delete(client);
    return kept;
  }

  /** Milliseconds until this client may try again; 0 when it may now. */
  retryAfter(client: string, now = Date.now()): number {
    const recent = this.recent(client, now);
    return recent.length < this.limit ? 0 : this.windowMs - (now - recent[0]!);
  }

  fail(client: string, now = Date.now()): void {
    const recent = [...this.recent(client, now), now].slice(-this.limit);
    // Deleting first moves the client to the end: the map's order is the order clients were last heard from.
    this.failures.delete(client);
    this.failures.set(client, recent);
    if (this.failures.size > this.capacity) this.failures.delete(this.failures.keys().next().value!);
  }

  /** How many clients are remembered. */
  get size(): number {
    return this.failures.size;
  }
}
