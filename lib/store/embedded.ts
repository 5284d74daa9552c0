import 'server-only';
import { randomUUID } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { PGlite, type Extension, type Transaction } from '@electric-sql/pglite';
import { withDeadline } from '@/lib/deadline';
import { logEvent } from '@/lib/log';
import { DataDirectoryError, lockDataDirectory } from './data-dir-lock';
import { applyMigrations } from './migrations';
import type { CallFunction } from './calls';
import { databaseMethods } from './database';
import { StoreError, type LeadStore } from './types';

/**
 * How long one call may wait for the database (its open included) before it fails as a timeout. Far beyond
 * any query the store makes, so that only a database that will not answer reaches it; the call goes on in
 * the background and whatever it does still happens in one transaction, or not at all.
 */
export const CALL_TIMEOUT_MS = 30_000;

/**
 * The default store: PostgreSQL compiled to WebAssembly, running inside this
 * process, on the same migrations as production. `memory://` keeps the
 * database in memory (tests); any other value is a directory on disk.
 */
export function createEmbeddedStore(
  dataDir: string,
  { callTimeoutMs = CALL_TIMEOUT_MS }: { callTimeoutMs?: number } = {},
): LeadStore & { database(): Promise<PGlite>; close(): Promise<void> } {
  let opening: Promise<Opened> | undefined;

  function opened(): Promise<Opened> {
    // A failed open is forgotten, so the next request tries again.
    opening ??= open(dataDir).catch((error: unknown) => {
      opening = undefined;
      throw error;
    });
    return opening;
  }

  /** The open database; one that has aborted is put away first, and a fresh one opened on the same files. */
  async function current(): Promise<Opened> {
    const pending = opened();
    const instance = await pending;
    if (!instance.aborted) return instance;
    // The first call to find it aborted puts it away; the others find the fresh open already under way.
    if (opening === pending) {
      opening = undefined;
      instance.discard();
    }
    return current();
  }
  const database = async () => (await current()).db;

  /** Runs `work` with production's privileges, not the superuser's, so that a missing grant shows up here too. */
  async function asServiceRole<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return withDeadline(inTransaction(work), callTimeoutMs, () => new StoreError('timeout'));
  }

  async function inTransaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    let instance: Opened;
    try {
      instance = await current();
    } catch (error) {
      throw new StoreError('unavailable', error instanceof DataDirectoryError ? 'data_dir' : undefined, { cause: error });
    }
    try {
      return await instance.db.transaction(async (tx) => {
        await tx.exec('set local role service_role');
        return work(tx);
      });
    } catch (error) {
      // PostgreSQL stopped (a PANIC) and the next call opens the database again. Whether this transaction was
      // committed is not known (its commit may have reached the disk before the write that failed), as with a
      // server whose connection drops: the submission key makes a lead sent again a duplicate, not a second lead.
      if (instance.aborted) throw new StoreError('unavailable', 'aborted', { cause: error });
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
      const instance = await opening;
      opening = undefined;
      if (instance.aborted) instance.discard();
      else await instance.close();
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
 *
 * A new 16 MB WAL segment is written out in full with zeros by default, so that a nearly full disk fails it
 * (a PANIC) though a few hundred kilobytes would do for the next leads, and even a database that has got some
 * space back stays down until 16 MB are free at once. Without the zeros the segment takes its space as the
 * WAL fills it.
 */
const DATABASE_OPTIONS = { startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB', '-c', 'wal_init_zero=off'] };

/**
 * Creating a database runs initdb in a second PGlite, and the first keeps that one alive, with its own heap
 * and a copy of the new files, for as long as it stays open: about 300 MB for the life of the process. A
 * database just created is closed and opened again, which costs well under a second once.
 */
async function openDatabase(directory: string): Promise<Running> {
  const created = !existsSync(path.join(directory, 'PG_VERSION'));
  const running = await startDatabase(directory);
  if (!created) return running;
  await running.db.close();
  const reopened = await startDatabase(directory);
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

/** The error every call into a PostgreSQL that has aborted fails with. */
class DatabaseAbortedError extends Error {
  override name = 'DatabaseAbortedError';
}

/**
 * One PGlite instance, and whether its PostgreSQL has aborted.
 *
 * A PANIC in PostgreSQL (a WAL segment that cannot be written on a full disk, say) aborts the WebAssembly
 * module, and PGlite catches that abort and calls into the module again: the backend, left with its WAL
 * write lock held, spins in XLogFlush for ever. That loop is synchronous, so the whole process stops: no
 * request, not even the health check, gets an answer again. So the moment the module aborts, every function
 * it exports is replaced by one that throws: the query that aborted and those queued behind it fail at once,
 * and PostgreSQL is never entered again. The store then opens a fresh instance on the same files, whose crash
 * recovery replays the WAL: every transaction is there whole, or not at all.
 */
class Running {
  aborted = false;
  /** What PostgreSQL said as it PANICked, for the log: the file it could not write and why, never a query's values. */
  panic?: string;
  /** The instance, from the moment PGlite sets it up: one that fails to start has files to close too. */
  instance?: PGlite;

  get db(): PGlite {
    return this.instance!;
  }

  readonly guard: Extension = {
    name: 'abort_guard',
    setup: async (pg, emscriptenOpts: Record<string, unknown>) => {
      this.instance = pg as PGlite;
      const markAborted = () => {
        this.aborted = true;
        logEvent('store.aborted', { store: 'embedded', panic: this.panic }, 'error');
      };
      return {
        emscriptenOpts: {
          ...emscriptenOpts,
          // Emscripten calls this on the module itself, before it throws the abort.
          onAbort(this: Record<string, unknown>) {
            markAborted();
            stopModule(this);
          },
        },
      };
    },
  };

  /** PostgreSQL's own log (PGlite prints it only when debugging): its PANIC line is kept. */
  readonly stderr = (line: string): boolean => {
    const panic = /PANIC: +(.*)$/.exec(line)?.[1];
    if (panic) this.panic = panic.slice(0, 200);
    return false;
  };

  /**
   * Closes the files an instance that aborted (or failed to start) holds, without entering PostgreSQL again
   * as PGlite's own close() would. Its heap goes with the last reference to it.
   */
  discard(): void {
    const runtime = this.instance?.Module as { FS: { streams: unknown[]; close(stream: unknown): void }; _emscripten_force_exit(status: number): void } | undefined;
    for (const stream of runtime?.FS.streams ?? []) {
      try {
        if (stream) runtime!.FS.close(stream);
      } catch {
        // Already closed, or a device: nothing to give back.
      }
    }
    // One that failed to start has not aborted, and the timers its PostgreSQL left (the progress report of a
    // recovery) would call into it every ten seconds for ever, holding its heap: its runtime is ended the way
    // PGlite ends one it closes. One that aborted runs no callback again.
    if (!this.aborted) {
      try {
        runtime?._emscripten_force_exit(0);
      } catch {
        // The runtime says it has exited by throwing.
      }
    }
    setImmediate(collectGarbage);
  }
}

/** Replaces every function the module exports (and its stack helpers) by one that throws. */
function stopModule(runtime: Record<string, unknown>): void {
  const aborted = () => {
    throw new DatabaseAbortedError('PostgreSQL has aborted; this instance takes no more queries');
  };
  for (const [name, value] of Object.entries(runtime)) {
    if (typeof value === 'function' && (name.startsWith('_') || name.startsWith('stack'))) runtime[name] = aborted;
  }
}

async function startDatabase(directory: string): Promise<Running> {
  const running = new Running();
  try {
    await PGlite.create(directory, { ...DATABASE_OPTIONS, onStderr: running.stderr, extensions: { abortGuard: running.guard } });
    return running;
  } catch (error) {
    running.discard();
    throw error;
  }
}

interface Opened {
  db: PGlite;
  readonly aborted: boolean;
  /** Puts away an instance that has aborted, and releases the data directory. */
  discard(): void;
  /** Closes the database and releases the data directory. */
  close(): Promise<void>;
}

async function open(dataDir: string): Promise<Opened> {
  if (dataDir.startsWith('memory://')) return asOpened(await prepare(await startDatabase(dataDir)), () => undefined);

  const directory = path.resolve(dataDir);
  try {
    mkdirSync(directory, { recursive: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new DataDirectoryError(`Data directory ${directory} cannot be created (${code ?? 'unknown error'})`, { cause: error });
  }
  const release = lockDataDirectory(directory, path.join(directory, 'lock'));
  try {
    return asOpened(await prepare(await openDatabase(path.join(directory, 'pgdata'))), release);
  } catch (error) {
    release();
    throw error;
  }
}

function asOpened(running: Running, release: () => void): Opened {
  return {
    db: running.db,
    get aborted() {
      return running.aborted;
    },
    discard() {
      running.discard();
      release();
    },
    async close() {
      await running.db.close();
      release();
    },
  };
}

async function prepare(running: Running): Promise<Running> {
  try {
    await applyMigrations(running.db);
    if (running.aborted) throw new DatabaseAbortedError('PostgreSQL aborted while the database was being prepared');
    return running;
  } catch (error) {
    if (running.aborted) running.discard();
    else await running.db.close().catch(() => undefined);
    throw error;
  }
}
