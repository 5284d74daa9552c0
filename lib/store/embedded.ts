import 'server-only';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { DataDirectoryError, lockDataDirectory } from './data-dir-lock';
import { applyMigrations } from './migrations';
import { StoreError, storedColumns, SUBMIT_OUTCOMES, submitLeadArguments, type LeadStore, type StoredLead, type SubmitOutcome } from './types';

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

  const submit: LeadStore['submit'] = async (form, lead, guard) => {
    const values = Object.values(submitLeadArguments(form, lead, guard)).map((value) =>
      value !== null && typeof value === 'object' ? JSON.stringify(value) : value,
    );
    const outcome = await asServiceRole(async (tx) => {
      const { rows } = await tx.query<{ outcome: SubmitOutcome }>('select public.submit_lead($1, $2::jsonb, $3, $4, $5, $6, $7, $8) as outcome', values);
      return rows[0]?.outcome;
    });
    if (!outcome || !SUBMIT_OUTCOMES.includes(outcome)) throw new StoreError('rejected', 'unexpected_outcome');
    return outcome;
  };

  const list: LeadStore['list'] = async (form, { offset, limit, order = 'newest' }) =>
    asServiceRole(async (tx) => {
      const table = quoteIdentifier(form.table);
      const columns = storedColumns(form).map(quoteIdentifier).join(', ');
      const direction = order === 'newest' ? 'desc' : 'asc';
      const [{ rows }, counted] = [
        await tx.query<Record<string, unknown>>(
          `select ${columns} from public.${table} order by created_at ${direction}, id ${direction} limit $1 offset $2`,
          [limit, offset],
        ),
        await tx.query<{ total: number }>(`select count(*)::int as total from public.${table}`),
      ];
      const leads = rows.map((row) => ({ ...row, created_at: (row.created_at as Date).toISOString() })) as StoredLead<(typeof form)['name']>[];
      return { leads, total: counted.rows[0]?.total ?? 0 };
    });

  return {
    name: 'embedded',
    database,
    prepare: async () => void (await database()),
    submit,
    list,
    checkHealth: () => asServiceRole(async (tx) => void (await tx.query('select public.check_lead_store()'))),
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

/** Table and column names come from the registry, not from visitors; quoted all the same. */
function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

interface Opened {
  db: PGlite;
  release: () => void;
}

async function open(dataDir: string): Promise<Opened> {
  if (dataDir.startsWith('memory://')) return { db: await prepare(await PGlite.create(dataDir)), release: () => undefined };

  const directory = path.resolve(dataDir);
  try {
    mkdirSync(directory, { recursive: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new DataDirectoryError(`Data directory ${directory} cannot be created (${code ?? 'unknown error'})`, { cause: error });
  }
  const release = lockDataDirectory(directory, path.join(directory, 'lock'));
  try {
    return { db: await prepare(await PGlite.create(path.join(directory, 'pgdata'))), release };
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
