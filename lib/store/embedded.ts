import 'server-only';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { lockDataDirectory, DataDirectoryError } from './data-dir-lock';
import { applyMigrations } from './migrations';
import { LEAD_TABLES, StoreError, type LeadStore } from './types';

/**
 * The default store: PostgreSQL compiled to WebAssembly, running inside this
 * process, on the same migrations as production. `memory://` keeps the
 * database in memory (tests); any other value is a directory on disk.
 */
export function createEmbeddedStore(dataDir: string): LeadStore & { database(): Promise<PGlite> } {
  let opening: Promise<PGlite> | undefined;

  function database(): Promise<PGlite> {
    // A failed open is forgotten, so the next submission tries again.
    opening ??= open(dataDir).catch((error: unknown) => {
      opening = undefined;
      throw error;
    });
    return opening;
  }

  async function insert(table: string, row: Record<string, string | null>): Promise<void> {
    let db: PGlite;
    try {
      db = await database();
    } catch (error) {
      throw new StoreError('unavailable', error instanceof DataDirectoryError ? 'data_dir' : undefined, { cause: error });
    }
    const columns = Object.keys(row);
    const placeholders = columns.map((_, index) => `$${index + 1}`);
    try {
      await db.transaction(async (tx) => {
        // Write with production's privileges, not the superuser's, so a missing grant shows up here too.
        await tx.exec('set local role service_role');
        await tx.query(`insert into ${table} (${columns.join(', ')}) values (${placeholders.join(', ')})`, Object.values(row));
      });
    } catch (error) {
      throw new StoreError('rejected', (error as { code?: string }).code, { cause: error });
    }
  }

  return {
    name: 'embedded',
    database,
    prepare: async () => void (await database()),
    insertInquiry: (row) => insert(LEAD_TABLES.inquiry, row),
    insertBrokerRequest: (row) => insert(LEAD_TABLES.broker, row),
  };
}

async function open(dataDir: string): Promise<PGlite> {
  if (dataDir.startsWith('memory://')) return prepare(await PGlite.create(dataDir));

  const directory = path.resolve(dataDir);
  try {
    mkdirSync(directory, { recursive: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new DataDirectoryError(`Data directory ${directory} cannot be created (${code ?? 'unknown error'})`, { cause: error });
  }
  const release = lockDataDirectory(directory, path.join(directory, 'lock'));
  try {
    return await prepare(await PGlite.create(path.join(directory, 'pgdata')));
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
