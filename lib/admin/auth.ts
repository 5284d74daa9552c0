import 'server-only';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { InboxAccount } from '@/lib/config/server';
import { processOnce } from '@/lib/process-state';
import { verifyPassword } from './password.mjs';

export const ADMIN_REALM = 'Aldercrest leads';

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

// Checked when no account has the name given, so that a wrong name costs as long as a wrong password.
const NO_ONE = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

/** A scrypt check costs tens of milliseconds: a browser sends the same credentials with every request. */
const recentlyVerified = () => processOnce('verifiedCredentials', () => new Map<string, { name: string; until: number }>());
const REMEMBER_MS = 10 * 60 * 1000;

function check(account: InboxAccount, password: string): boolean {
  return 'hash' in account ? verifyPassword(password, account.hash) : timingSafeEqual(digest(password), digest(account.password));
}

/**
 * Who an Authorization header (HTTP Basic) signs in as, or null. Names are
 * compared without regard to case; a password in constant time against its
 * hash, or as digests of equal length against ADMIN_PASSWORD; a wrong name
 * takes as long as a wrong password.
 */
export function signIn(authorization: string | null, accounts: readonly InboxAccount[], now = Date.now()): string | null {
  const [scheme, encoded = ''] = (authorization ?? '').split(' ');
  if (scheme?.toLowerCase() !== 'basic' || !encoded) return null;
  const cache = recentlyVerified();
  const key = digest(authorization!).toString('hex');
  const remembered = cache.get(key);
  if (remembered && remembered.until > now && accounts.some((account) => account.name === remembered.name)) return remembered.name;

  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const separator = decoded.indexOf(':');
  if (separator < 0) return null;
  const name = decoded.slice(0, separator).trim().toLowerCase();
  const password = decoded.slice(separator + 1);
  const account = accounts.find((candidate) => candidate.name.toLowerCase() === name);
  const matches = check(account ?? { name: '', hash: NO_ONE }, password);
  if (!account || !matches || password === '') return null;
  cache.set(key, { name: account.name, until: now + REMEMBER_MS });
  if (cache.size > 100) cache.delete(cache.keys().next().value!);
  return account.name;
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
