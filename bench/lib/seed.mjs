// What the bench writes into an embedded store before a server opens it: accounts, their sessions as signing in opens
// them, and the list of estates. The store must have been created by a server first (its migrations applied), and no
// server may be running on it.
import { createHash, randomBytes, randomInt } from 'node:crypto';

const SESSION_COOKIE = '__Host-aldercrest-session'; // lib/auth/cookie.ts
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** An account, made as an invitation makes one; its id. */
export async function addAccount(db, email, name, role, brokerage = null) {
  const { rows } = await db.query(`insert into private.accounts (email, name, role, brokerage, joined_at) values ($1, $2, $3, $4, now()) returning id`, [email, name, role, brokerage]);
  return rows[0].id;
}

/**
 * A session of an account, as signing in opens one (lib/auth/tokens.ts): an id of 24 base-32 characters and the
 * SHA-256 of a secret, lasting as a team member's or a broker's does; the cookie that carries it.
 */
export async function sessionCookie(db, account, team) {
  const id = Array.from({ length: 24 }, () => ALPHABET[randomInt(32)]).join('');
  const secret = randomBytes(32).toString('base64url');
  await db.query(
    `insert into private.sessions (id, secret_hash, account_id, created_at, last_used_at, idle_seconds, expires_at, device)
     values ($1, $2, $3, now(), now(), $4, case when $5 then now() + interval '7 days' end, 'Bench')`,
    [id, createHash('sha256').update(secret).digest('hex'), account, team ? 12 * 3600 : 30 * 86400, team],
  );
  return `${SESSION_COOKIE}=${id}.${secret}`;
}

/** Sixty estates in every status, one in nine without a price, listed by this owner. */
export async function listEstates(db, owner) {
  const statuses = ['available', 'reserved', 'under_contract', 'sold'];
  for (let index = 0; index < 60; index++) {
    await db.query('select public.estate_create($1, $2, $3, $4, $5, $6, $7, $8, now())', [
      owner,
      `Lot ${index + 1}`,
      1 + (index % 5) * 0.25,
      8000 + index * 110,
      5 + (index % 3),
      5.5 + (index % 3),
      statuses[index % 4],
      index % 9 === 4 ? null : 4_200_000 + index * 95_000,
    ]);
  }
}
