import 'server-only';
import { hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { StoreConfig } from '@/lib/config/server';
import { processOnce } from '@/lib/process-state';

/** The key file in an embedded store's data directory. */
export const AUTH_KEY_FILE = 'auth-key';

/**
 * The server's own key for sign-in codes and links, kept out of the database: the database holds only their
 * keyed hashes, and an email's code and link are derived again from this key when the email is written
 * (lib/auth/tokens.ts). Every instance of a Supabase deployment derives the same key from the server's
 * secret key; the embedded store keeps one in its data directory (beside the database, which it serves
 * alone), so that a code sent before a restart still works after it; in memory, one per process.
 */
export function authKey(store: StoreConfig): Buffer {
  return processOnce('authKey', () => {
    if (store.kind === 'supabase') return derive(Buffer.from(store.key, 'utf8'));
    if (store.dataDir.startsWith('memory://')) return randomBytes(32);
    return derive(keyFileIn(path.resolve(store.dataDir)));
  });
}

function derive(seed: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', seed, 'aldercrest', 'sign-in codes and links', 32));
}

/** The data directory's key, made on first use (readable by this user alone) and read ever after. */
function keyFileIn(directory: string): Buffer {
  const file = path.join(directory, AUTH_KEY_FILE);
  try {
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(directory, { recursive: true });
  const key = randomBytes(32);
  // 'wx': should another start have just written one, its key is read rather than replaced.
  try {
    writeFileSync(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    chmodSync(file, 0o600);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
    throw error;
  }
}
