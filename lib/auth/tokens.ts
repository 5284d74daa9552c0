import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// The secrets of signing in, in the form of the Lucia project's sessions: a cookie carries `<id>.<secret>`
// (120 random bits of id, 256 of secret); the database keeps the id and the SHA-256 of the secret, found by
// the id and compared in constant time, so that neither a copy of the database nor the time a comparison
// takes gives a session away.

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** Five bits a character: 15 bytes make 24 characters, in an alphabet a cookie carries as it is. */
function base32(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let text = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      text += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) text += BASE32[(value << (5 - bits)) & 31];
  return text;
}

export const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

const SESSION_TOKEN = /^([a-z2-7]{24})\.([A-Za-z0-9_-]{43})$/;

export interface SessionToken {
  /** What the cookie carries. */
  token: string;
  id: string;
  /** What the database keeps of the secret. */
  secretHash: string;
}

export function newSessionToken(): SessionToken {
  const id = base32(randomBytes(15));
  const secret = randomBytes(32).toString('base64url');
  return { token: `${id}.${secret}`, id, secretHash: sha256Hex(secret) };
}

/** The id and secret of a cookie's value; null for anything not made by newSessionToken. */
export function readSessionToken(value: string | undefined | null): { id: string; secret: string } | null {
  const match = SESSION_TOKEN.exec(value ?? '');
  return match ? { id: match[1]!, secret: match[2]! } : null;
}

/** Whether a secret is the one whose hash the database keeps, compared in constant time. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const given = createHash('sha256').update(secret, 'utf8').digest();
  const stored = Buffer.from(storedHash, 'hex');
  return stored.length === given.length && timingSafeEqual(given, stored);
}

/** An address as accounts are kept: trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.normalize('NFC').trim().toLowerCase();
}

const hmac = (key: Buffer, text: string) => createHmac('sha256', key).update(text, 'utf8');

/**
 * A challenge's code and link, derived from its id with the server's key (lib/auth/secret.ts): the same every
 * time, so that the email written on a retry carries the same ones, and never stored.
 */
export function challengeSecrets(key: Buffer, challengeId: string): { code: string; link: string } {
  const code = (hmac(key, `code/${challengeId}`).digest().readUInt32BE(0) % 1_000_000).toString().padStart(6, '0');
  return { code, link: hmac(key, `link/${challengeId}`).digest('base64url') };
}

/** What the database keeps of a code: keyed to the address, so that the same code for another address is another hash. */
export function codeHash(key: Buffer, email: string, code: string): string {
  return hmac(key, `code-hash/${normalizeEmail(email)}/${code}`).digest('hex');
}

/** What the database keeps of a link's token. */
export const linkHash = (link: string) => sha256Hex(link);

/** A link's token as an email carries it: 43 characters of base64url. */
export const LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** A code as a person types it, spaces and dashes forgiven; null when it cannot be one. */
export function readCode(typed: string): string | null {
  const digits = typed.replace(/[\s-]/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}
