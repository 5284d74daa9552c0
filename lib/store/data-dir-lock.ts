import 'server-only';
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { processOnce } from '@/lib/process-state';

interface LockHolder {
  pid: number;
  host: string;
  since: string;
}

/** The lock files this process holds, shared by every bundle of it. */
const heldHere = () => processOnce('heldDataDirectoryLocks', () => new Set<string>());

export class DataDirectoryError extends Error {
  override name = 'DataDirectoryError';
}

/**
 * PGlite has no lock of its own and two processes on one data directory
 * corrupt it, so the first process claims the directory with an exclusive
 * lock file naming itself. A lock left by a process that no longer runs (a
 * `kill -9`, a crashed container) is taken over. Returns the release function.
 */
export function lockDataDirectory(directory: string, lockPath: string): () => void {
  // A lock file naming this very process is normally a previous run's (pid 1 in a container), so the check
  // below takes it over; a lock taken twice within this process is a mistake, and must not pass as that.
  if (heldHere().has(lockPath)) throw new DataDirectoryError(`Data directory ${directory} is already open in this process`);
  const me: LockHolder = { pid: process.pid, host: hostname(), since: new Date().toISOString() };

  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const descriptor = openSync(lockPath, 'wx', 0o600);
      try {
        writeSync(descriptor, JSON.stringify(me));
      } finally {
        closeSync(descriptor);
      }
      // Two processes taking over one stale lock at once: only the one whose claim survived holds it.
      const written = readHolder(lockPath);
      if (written?.pid !== me.pid || written.since !== me.since) continue;
      heldHere().add(lockPath);
      const release = () => {
        heldHere().delete(lockPath);
        const holder = readHolder(lockPath);
        if (holder?.pid === me.pid && holder.since === me.since) unlinkSync(lockPath);
      };
      process.once('exit', release);
      return () => {
        process.removeListener('exit', release);
        release();
      };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST') {
        throw new DataDirectoryError(`Data directory ${directory} is not writable (${code ?? 'unknown error'}): cannot create its lock file ${lockPath}`, {
          cause: error,
        });
      }
      const holder = readHolder(lockPath);
      if (holder && isRunning(holder)) {
        throw new DataDirectoryError(
          `Data directory ${directory} is locked by process ${holder.pid} on ${holder.host} (since ${holder.since}). ` +
            'Stop that process, or point DATA_DIR at another directory. Two processes on one embedded database corrupt it.',
        );
      }
      removeStaleLock(lockPath);
    }
  }
  throw new DataDirectoryError(`Data directory ${directory}: could not take its lock ${lockPath}; another process keeps claiming it`);
}

function readHolder(lockPath: string): LockHolder | undefined {
  try {
    const holder = JSON.parse(readFileSync(lockPath, 'utf8')) as Partial<LockHolder>;
    if (typeof holder.pid === 'number' && typeof holder.host === 'string' && typeof holder.since === 'string') {
      return holder as LockHolder;
    }
  } catch {
    // Unreadable or half-written: treated as no holder.
  }
  return undefined;
}

function isRunning(holder: LockHolder): boolean {
  // A process on another host cannot be checked from here, so it is assumed alive.
  if (holder.host !== hostname()) return true;
  // Our own pid in an old lock means a previous run with the same pid (pid 1 in a container).
  if (holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function removeStaleLock(lockPath: string): void {
  try {
    unlinkSync(lockPath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
