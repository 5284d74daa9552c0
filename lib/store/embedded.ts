import 'server-only';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { lockDataDirectory, DataDirectoryError } from './data-dir-lock';
import { applyMigrations } from './migrations';
import { StoreError, SUBMIT_OUTCOMES, submitLeadArguments, type LeadStore, type SubmitOutcome } from './types';

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

  const submit: LeadStore['submit'] = async (form, lead, guard) => {
    let db: PGlite;
    try {
      db = await database();
    } catch (error) {
      throw new StoreError('unavailable', error instanceof DataDirectoryError ? 'data_dir' : undefined, { cause: error });
    }
    const values = Object.values(submitLeadArguments(form, lead, guard)).map((value) =>
      value !== null && typeof value === 'object' ? JSON.stringify(value) : value,
    );
    let outcome: SubmitOutcome | undefined;
    try {
      outcome = await db.transaction(async (tx) => {
        // Call with production's privileges, not the superuser's, so a missing grant shows up here too.
        await tx.exec('set local role service_role');
        const { rows } = await tx.query<{ outcome: SubmitOutcome }>(
          'select public.submit_lead($1, $2::jsonb, $3, $4, $5, $6, $7, $8) as outcome',
          values,
        );
        return rows[0]?.outcome;
      });
    } catch (error) {
      throw new StoreError('rejected', (error as { code?: string }).code, { cause: error });
    }
    if (!outcome || !SUBMIT_OUTCOMES.includes(outcome)) throw new StoreError('rejected', 'unexpected_outcome');
    return outcome;
  };

  return {
    name: 'embedded',
    database,
    prepare: async () => void (await database()),
    submit,
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
