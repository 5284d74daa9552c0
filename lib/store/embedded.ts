import 'server-only';
import { randomUUID } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { DataDirectoryError, lockDataDirectory } from './data-dir-lock';
import { applyMigrations } from './migrations';
import * as rpc from './rpc';
import { StoreError, SUBMIT_OUTCOMES, type LeadStore, type SourceCount, type WorkedLead, type SubmitOutcome } from './types';

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

  /** Calls a database function with its arguments in declared order, as service_role; its one value. */
  async function call<T>(signature: string, args: Record<string, unknown>): Promise<T> {
    const values = Object.values(args).map((value) =>
      value !== null && typeof value === 'object' && !Array.isArray(value) ? JSON.stringify(value) : value,
    );
    return asServiceRole(async (tx) => (await tx.query<{ value: T }>(`select ${signature} as value`, values)).rows[0]?.value as T);
  }

  const submit: LeadStore['submit'] = async (form, lead, guard, notices) => {
    const outcome = await call<SubmitOutcome>(
      'public.submit_lead($1, $2::jsonb, $3, $4, $5, $6, $7, $8, $9::text[], $10)',
      rpc.submitLead(form, lead, guard, notices),
    );
    if (!outcome || !SUBMIT_OUTCOMES.includes(outcome)) throw new StoreError('rejected', 'unexpected_outcome');
    return outcome;
  };

  const list: LeadStore['list'] = async (form, { offset, limit, order = 'newest' }) =>
    asServiceRole(async (tx) => {
      const table = quoteIdentifier(form.table);
      const direction = order === 'newest' ? 'desc' : 'asc';
      const [{ rows }, counted] = [
        await tx.query<{ lead: Record<string, unknown> }>(
          `select to_jsonb(l) - 'submission_key' as lead from public.${table} l order by created_at ${direction}, id ${direction} limit $1 offset $2`,
          [limit, offset],
        ),
        await tx.query<{ total: number }>(`select count(*)::int as total from public.${table}`),
      ];
      return { leads: rows.map(({ lead }) => rpc.readWorkedLead(lead)) as WorkedLead<(typeof form)['name']>[], total: counted.rows[0]?.total ?? 0 };
    });

  return {
    name: 'embedded',
    database,
    prepare: async () => void (await database()),
    submit,
    list,
    async checkHealth() {
      // The database can keep a write in memory for a while; the directory itself must take one too.
      if (!dataDir.startsWith('memory://')) probeDirectory(path.resolve(dataDir));
      return rpc.readStoreHealth(await call('public.check_lead_store()', {}));
    },
    claimNotices: async (request) => rpc.readClaimedNotices(await call('public.claim_notices($1, $2, $3, $4)', rpc.claimNotices(request))),
    completeNotice: (report) => call<boolean>('public.complete_notice($1, $2, $3, $4, $5, $6)', rpc.completeNotice(report)),
    resendNotice: (id, now, actor) => call<boolean>('public.resend_notice($1, $2, $3)', rpc.inbox.resend(id, now, actor)),
    leadNotices: (leadIds) =>
      asServiceRole(async (tx) => rpc.readNoticeStates((await tx.query('select * from public.lead_notices($1::uuid[])', [[...leadIds]])).rows)),
    searchLeads: async (query) => rpc.readLeadPage(await call('public.inbox_leads($1, $2, $3, $4, $5, $6)', rpc.inbox.search(query))),
    leadDetail: async (id) => rpc.readLeadDetail(await call('public.inbox_lead($1::uuid)', { p_id: id })),
    changeLead: (id, change, actor) => call<boolean>('public.change_lead($1::uuid, $2, $3, $4)', rpc.inbox.change(id, change, actor)),
    addNote: (id, body, actor) => call<boolean>('public.add_lead_note($1::uuid, $2, $3)', rpc.inbox.note(id, body, actor)),
    decideBroker: (id, decision, actor, notify) => call<boolean>('public.decide_broker($1::uuid, $2, $3, $4)', rpc.inbox.decide(id, decision, actor, notify)),
    erasePerson: (email, actor) => call<number>('public.erase_person($1, $2)', rpc.inbox.erase(email, actor)),
    applyRetention: (days) => call<number>('public.apply_retention($1)', { p_days: days }),
    leadsBySource: async (timeZone) => (await call<SourceCount[]>('public.leads_by_source($1)', { p_time_zone: timeZone })) ?? [],
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

/** Table and column names come from the registry, not from visitors; quoted all the same. */
function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
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
