// Passwords of the inbox's team members, kept as scrypt hashes: made by `npm run admin:hash-password`,
// checked by the server. Plain JavaScript, so that the script and the server share it.
import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

const COST = { N: 16384, r: 8, p: 1 };
const KEY_LENGTH = 32;
const FORMAT = /^scrypt\$(\d+)\$(\d+)\$(\d+)\$([A-Za-z0-9_-]{16,})\$([A-Za-z0-9_-]{40,})$/;

/** The shortest password the inbox takes. */
export const SHORTEST_PASSWORD = 12;

/**
 * @param {string} password
 * @returns {string} `scrypt$N$r$p$salt$key`, salt and key in base64url
 */
export function hashPassword(password) {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFC'), salt, KEY_LENGTH, { ...COST, maxmem: 64 * 1024 * 1024 });
  return `scrypt$${COST.N}$${COST.r}$${COST.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** @param {string} stored */
export function isPasswordHash(stored) {
  const parts = FORMAT.exec(stored);
  return parts !== null && Number(parts[1]) >= 1024 && Number(parts[1]) <= 1048576 && (Number(parts[1]) & (Number(parts[1]) - 1)) === 0;
}

/**
 * Whether a password matches a stored hash, compared in constant time.
 * @param {string} password
 * @param {string} stored
 */
export function verifyPassword(password, stored) {
  const parts = FORMAT.exec(stored);
  if (!parts || !isPasswordHash(stored)) return false;
  const [, N, r, p, salt, key] = parts;
  const expected = Buffer.from(key, 'base64url');
  const actual = scryptSync(password.normalize('NFC'), Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(N),
    r: Number(r),
    p: Number(p),
    maxmem: 256 * 1024 * 1024,
  });
  return timingSafeEqual(actual, expected);
}
