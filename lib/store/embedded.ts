import 'server-only';
import { randomUUID } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { DataDirectoryError, lockDataDirectory } from './data-dir-lock';
import { applyMigrations } from './migrations';
import { databaseMethods, type CallFunction } from './database';
import { StoreError, type LeadStore } from './types';

/**
 * The default store: PostgreSQL compiled to WebAssembly, running inside this
 * process, on the same migrations as production. `memory://` keeps the
 * database in memory (tests); any other value is a directory on disk.
 */
export function createEmbeddedStore(dataDir: string): LeadStore & { database(): Promise<PGlite>; close(): Promise<void> } {
  let opening: Promise<Opened> | undefined;

  function opened(): Promise<Opened> {
    // A failed open is forgotten, so the next request tries again.
    opening ??= open(dataDir).catch((error: unknown) => {
      opening = undefined;
      throw error;
    });
    return opening;
  }
  const database = async () => (await opened()).db;

  /** Runs `work` with production's privileges, not the superuser's, so that a missing grant shows up here too. */
  async function asServiceRole<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    let db: PGlite;
    try {
      db = await database();
    } catch (error) {
      throw new StoreError('unavailable', error instanceof DataDirectoryError ? 'data_dir' : undefined, { cause: error });
    }
    try {
      return await db.transaction(async (tx) => {
        await tx.exec('set local role service_role');
        return work(tx);
      });
    } catch (error) {
      throw new StoreError('rejected', (error as { code?: string }).code, { cause: error });
    }
  }

  /** Calls public.<name>() with its arguments in declared order, as service_role; its one value. */
  const call: CallFunction = (name, args) => {
    const values = Object.values(args).map((value) =>
      value !== null && typeof value === 'object' && !Array.isArray(value) ? JSON.stringify(value) : value,
    );
    const parameters = values.map((_, index) => `$${index + 1}`).join(', ');
    return asServiceRole(async (tx) => (await tx.query<{ value: unknown }>(`select public.${name}(${parameters}) as value`, values)).rows[0]?.value);
  };
  const { health, ...methods } = databaseMethods(call);

  return {
    name: 'embedded',
    database,
    prepare: async () => void (await database()),
    ...methods,
    async checkHealth() {
      // The database can keep a write in memory for a while; the directory itself must take one too.
      if (!dataDir.startsWith('memory://')) probeDirectory(path.resolve(dataDir));
      return health();
    },
    /** Closes the database and releases the data directory, for a clean stop (and for tests). */
    async close() {
      if (!opening) return;
      const { db, release } = await opening;
      opening = undefined;
      await db.close();
      release();
    },
  };
}

/**
 * Writes, flushes and removes a small file in the data directory, so that a
 * directory turned read-only or a full disk shows in the health check rather
 * than when the next lead is stored.
 */
function probeDirectory(directory: string): void {
  const probe = path.join(directory, `health-${randomUUID()}`);
  try {
    const descriptor = openSync(probe, 'wx', 0o600);
    try {
      writeSync(descriptor, Buffer.alloc(4096));
      fsyncSync(descriptor);
    } finally {
      closeSync(descriptor);
      unlinkSync(probe);
    }
  } catch (error) {
    throw new StoreError('unavailable', (error as NodeJS.ErrnoException).code ?? 'data_dir', { cause: error });
  }
}

/**
 * PostgreSQL keeps its shared buffers (128 MB by default) inside PGlite's WebAssembly heap, which grows to
 * hold them and never shrinks: 189 MB, 152 MB of it resident. The leads fit many times over in 16 MB (the
 * kernel's page cache holds the files besides), and the heap stays at the 128 MB the module declares, of
 * which about 30 MB is ever touched.
 */
const DATABASE_OPTIONS = { startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'] };

/**
 * Creating a database runs initdb in a second PGlite, and the first keeps that one alive, with its own heap
 * and a copy of the new files, for as long as it stays open: about 300 MB for the life of the process. A
 * database just created is closed and opened again, which costs well under a second once.
 */
async function openDatabase(directory: string): Promise<PGlite> {
  const created = !existsSync(path.join(directory, 'PG_VERSION'));
  const db = await PGlite.create(directory, DATABASE_OPTIONS);
  if (!created) return db;
  await db.close();
  const reopened = await PGlite.create(directory, DATABASE_OPTIONS);
  // Once this frame is gone, nothing holds the creating instances any more.
  setImmediate(collectGarbage);
  return reopened;
}

/**
 * The closed instances still hold 320 MB of WebAssembly heaps and 190 MB of initdb's files in array buffers,
 * and V8, seeing a small JavaScript heap, had not collected them a minute later: the first start of a new database
 * stayed at 720 MB resident. One full collection, once, when a database has just been created, returns them.
 */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

interface Opened {
  db: PGlite;
  release: () => void;
}

async function open(dataDir: string): Promise<Opened> {
  if (dataDir.startsWith('memory://')) return { db: await prepare(await PGlite.create(dataDir, DATABASE_OPTIONS)), release: () => undefined };

  const directory = path.resolve(dataDir);
  try {
    mkdirSync(directory, { recursive: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new DataDirectoryError(`Data directory ${directory} cannot be created (${code ?? 'unknown error'})`, { cause: error });
  }
  const release = lockDataDirectory(directory, path.join(directory, 'lock'));
  try {
    return { db: await prepare(await openDatabase(path.join(directory, 'pgdata'))), release };
  } catch (error) {
    release();
    throw error;
  }
}

async function prepare(db: PGlite): Promise<PGlite> {
  try {
    await applyMigrations(db);
    return db;
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}
