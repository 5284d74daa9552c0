import { PGlite } from '@electric-sql/pglite';
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { applyMigrations, MIGRATIONS_DIRECTORY } from '@/lib/store/migrations';

const NAME_STEP = '20261206000100_name_step.sql';

test('of the accounts already there, only an owner ADMIN_EMAILS made, never signed in, still under the guessed name is asked', async () => {
  const directory = mkdtempSync(path.join(tmpdir(), 'aldercrest-migrations-'));
  const db = await PGlite.create();
  try {
    for (const file of readdirSync(MIGRATIONS_DIRECTORY).filter((name) => name < NAME_STEP)) copyFileSync(path.join(MIGRATIONS_DIRECTORY, file), path.join(directory, file));
    await applyMigrations(db, directory);
    await db.query(`insert into private.accounts (email, name, role, fixed, last_sign_in_at) values
      ('owner@aldercrest.example', 'Owner', 'owner', true, null),
      ('sales@aldercrest.example', 'Sales', 'owner', true, '2026-12-01T10:00:00Z'),
      ('jsmith@aldercrest.example', 'John Smith', 'owner', true, null),
      ('ava.laurent@aldercrest.example', 'Ava Laurent', 'owner', true, null),
      ('julien@aldercrest.example', 'Julien', 'member', false, null)`);
    // Renamed back to the guess, from the account page: an answer given already.
    await db.query(`insert into private.account_activity (account_id, at, actor, action, detail)
      select id, now(), 'Ava Laurent', 'renamed', 'Ava L.' from private.accounts where email = 'ava.laurent@aldercrest.example'`);

    copyFileSync(path.join(MIGRATIONS_DIRECTORY, NAME_STEP), path.join(directory, NAME_STEP));
    expect(await applyMigrations(db, directory)).toEqual([NAME_STEP]);
    expect((await db.query('select email, ask_name from private.accounts order by email')).rows).toEqual([
      { email: 'ava.laurent@aldercrest.example', ask_name: false },
      { email: 'jsmith@aldercrest.example', ask_name: false },
      { email: 'julien@aldercrest.example', ask_name: false },
      { email: 'owner@aldercrest.example', ask_name: true },
      { email: 'sales@aldercrest.example', ask_name: false },
    ]);
  } finally {
    await db.close();
    rmSync(directory, { recursive: true, force: true });
  }
});
