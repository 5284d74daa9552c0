import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

// Resolved at run time from the server's working directory (the ignore comment keeps the bundler from tracing the whole project).
export const MIGRATIONS_DIRECTORY = path.join(/* turbopackIgnore: true */ process.cwd(), 'supabase', 'migrations');

/**
 * Supabase provides these roles; a bare Postgres does not. They mirror
 * Supabase's: nobody logs in as them, and only service_role bypasses row
 * level security.
 */
const SUPABASE_ROLES = `
do $$
begin
  if not exists (select from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
end
$$;
grant usage on schema public to anon, authenticated, service_role;
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  name text not null,
  applied_at timestamptz not null default now()
);
`;

export interface SqlSession {
  exec(sql: string): Promise<unknown>;
  query<Row extends Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: Row[] }>;
}

/**
 * What the migrations runner needs of a database. A PGlite instance is one
 * as it is; a server's connection (the tests' PostgreSQL cluster) needs a
 * thin adapter, so that both are migrated by the same code.
 */
export interface MigratableDatabase extends SqlSession {
  transaction<T>(work: (tx: SqlSession) => Promise<T>): Promise<T>;
}

/**
 * Brings a database to the schema production has: the same files the
 * Supabase CLI applies, in file-name order, each once, each in its own
 * transaction (the bookkeeping table is the CLI's own).
 */
export async function applyMigrations(db: MigratableDatabase, directory = MIGRATIONS_DIRECTORY): Promise<string[]> {
  await db.exec(SUPABASE_ROLES);
  const applied = new Set(
    (await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map((row) => row.version),
  );
  const files = (await readdir(directory)).filter((file) => /^\d+_.+\.sql$/.test(file)).sort();
  const newlyApplied: string[] = [];
  for (const file of files) {
    const [version = file] = file.split('_', 1);
    if (applied.has(version)) continue;
    const sql = await readFile(path.join(directory, file), 'utf8');
    await db.transaction(async (tx) => {
      await tx.exec(sql);
      await tx.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [version, file]);
    });
    newlyApplied.push(file);
  }
  return newlyApplied;
}
