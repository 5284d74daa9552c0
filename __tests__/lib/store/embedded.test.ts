import type { Actor } from '@/lib/auth/types';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { createEmbeddedStore } from '@/lib/store/embedded';
import { MIGRATIONS_DIRECTORY } from '@/lib/store/migrations';
import { unguarded } from '../../support/guards';

const row = { full_name: 'Eleanor Whitfield', email: 'eleanor@example.com', phone: null, message: null };

/** What lies beneath the StoreError a promise rejects with. */
async function causeOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return (error as Error).cause as Error;
  }
  throw new Error('expected a rejection');
}

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'aldercrest-embedded-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

test('creates a nested data directory, keeps rows across a reopen and applies each migration once', async () => {
  const dataDir = path.join(root, 'not', 'yet', 'there');
  const first = createEmbeddedStore(dataDir);
  // Each store opened before its first call, outside the call's deadline: a first open on a loaded host is slow.
  await first.prepare();
  await first.submit('inquiry', row, unguarded(), []);
  await first.close();
  expect(existsSync(path.join(dataDir, 'lock'))).toBe(false);

  const second = createEmbeddedStore(dataDir);
  await second.prepare();
  await second.submit('inquiry', { ...row, email: 'second@example.com' }, unguarded(), []);
  const db = await second.database();
  expect((await db.query('select email from prospect_inquiries order by created_at')).rows).toEqual([
    { email: 'eleanor@example.com' },
    { email: 'second@example.com' },
  ]);
  const applied = await db.query<{ name: string }>('select name from supabase_migrations.schema_migrations order by version');
  expect(applied.rows.map(({ name }) => name)).toEqual(readdirSync(MIGRATIONS_DIRECTORY).sort());
  await second.close();
});

test('holds a lock naming this process while open', async () => {
  const store = createEmbeddedStore(root);
  const db = await store.database();
  const holder = JSON.parse(readFileSync(path.join(root, 'lock'), 'utf8'));
  expect(holder).toMatchObject({ pid: process.pid, host: hostname() });
  expect(db.closed).toBe(false);
  await store.close();
});

test('refuses a data directory another running process holds, naming that process', async () => {
  const other = spawn('sleep', ['30']);
  try {
    writeFileSync(path.join(root, 'lock'), JSON.stringify({ pid: other.pid, host: hostname(), since: '2026-11-21T10:00:00.000Z' }));
    const store = createEmbeddedStore(root);
    const failure = store.submit('inquiry', row, unguarded(), []);
    await expect(failure).rejects.toMatchObject({ name: 'StoreError', reason: 'unavailable', code: 'data_dir' });
    const cause = await causeOf(failure);
    expect(cause.message).toContain(`locked by process ${other.pid} on ${hostname()}`);
    expect(existsSync(path.join(root, 'pgdata'))).toBe(false);

    // The failed open is not remembered: once the holder is gone, the same store opens.
    other.kill('SIGKILL');
    await new Promise((resolve) => other.once('exit', resolve));
    await store.prepare();
    await store.submit('inquiry', row, unguarded(), []);
    await store.close();
  } finally {
    other.kill('SIGKILL');
  }
});

test('takes over a lock left by a process that no longer runs', async () => {
  const gone = spawn('true');
  await new Promise((resolve) => gone.once('exit', resolve));
  writeFileSync(path.join(root, 'lock'), JSON.stringify({ pid: gone.pid, host: hostname(), since: '2026-11-21T10:00:00.000Z' }));
  const store = createEmbeddedStore(root);
  await store.prepare();
  await store.submit('inquiry', row, unguarded(), []);
  expect(JSON.parse(readFileSync(path.join(root, 'lock'), 'utf8')).pid).toBe(process.pid);
  await store.close();
});

test('names the cause when the data directory cannot be created', async () => {
  const blocker = path.join(root, 'a-file');
  writeFileSync(blocker, '');
  const store = createEmbeddedStore(path.join(blocker, 'data'));
  const cause = await causeOf(store.submit('inquiry', row, unguarded(), []));
  expect(cause.message).toMatch(/Data directory .*a-file\/data cannot be created \(ENOTDIR\)/);
});

test('exports leads oldest first, a page at a time, to a team member only, and answers its health check', async () => {
  const store = createEmbeddedStore('memory://');
  const db = await store.database();
  // Stamped a minute apart, so the order is the arrival order whatever the clock's resolution.
  for (const [minute, name] of ['First', 'Second', 'Third'].entries()) {
    await db.query("insert into prospect_inquiries (full_name, email, created_at) values ($1, 'eleanor@example.com', $2)", [
      name,
      new Date(Date.UTC(2026, 10, 22, 10, minute)),
    ]);
  }
  const [{ id }] = (await db.query<{ id: string }>("insert into private.accounts (email, name, role) values ('ava@aldercrest.example', 'Ava Laurent', 'member') returning id")).rows as [{ id: string }];
  const ava = { id } as Actor;
  const oldest = await store.exportLeads(ava, 'inquiry', { offset: 0, limit: 2 });
  expect(oldest.map((lead) => lead.full_name)).toEqual(['First', 'Second']);
  expect(oldest[0]).toMatchObject({
    id: expect.any(String),
    created_at: '2026-11-22T10:00:00.000Z',
    full_name: 'First',
    email: 'eleanor@example.com',
    phone: null,
    message: null,
    status: 'new',
    owner: null,
    owner_id: null,
    utm_source: null,
  });
  expect(oldest[0]).not.toHaveProperty('submission_key');
  expect(oldest[0]).not.toHaveProperty('legacy_owner');
  expect((await store.exportLeads(ava, 'inquiry', { offset: 2, limit: 2 })).map((lead) => lead.full_name)).toEqual(['Third']);
  expect(await store.exportLeads(ava, 'broker', { offset: 0, limit: 10 })).toEqual([]);
  await db.query("update private.accounts set role = 'broker', brokerage = 'Hale Realty' where id = $1", [id]);
  await expect(store.exportLeads(ava, 'inquiry', { offset: 0, limit: 2 })).rejects.toMatchObject({ code: '42501' });
  await expect(store.checkHealth()).resolves.toEqual({ oldestPendingSeconds: null, failedNotices: 0 });
  expect((await db.query('select count(*)::int as probes from private.health_probe')).rows).toEqual([{ probes: 1 }]);
  await store.close();
});

test('refuses to open one data directory twice in one process', async () => {
  const first = createEmbeddedStore(root);
  await first.prepare();
  const second = createEmbeddedStore(root);
  await expect(second.prepare()).rejects.toThrow('is already open in this process');
  await first.close();
  await second.prepare();
  await second.close();
});

test('store errors are recognised by their shape, whichever copy of the class made them', async () => {
  const { StoreError, isStoreError } = await import('@/lib/store/types');
  let otherCopy: unknown;
  await jest.isolateModulesAsync(async () => {
    const isolated = await import('@/lib/store/types');
    otherCopy = new isolated.StoreError('timeout');
  });
  expect(otherCopy instanceof StoreError).toBe(false);
  expect(isStoreError(otherCopy)).toBe(true);
  expect(isStoreError(new Error('timeout'))).toBe(false);
});

test('a call the database never answers fails as a timeout, and the next call is answered', async () => {
  const store = createEmbeddedStore('memory://', { callTimeoutMs: 1000 });
  const db = await store.database();
  const stuck = jest.spyOn(db, 'transaction').mockImplementationOnce(() => new Promise(() => undefined));
  await expect(store.submit('inquiry', row, unguarded(), [])).rejects.toMatchObject({ name: 'StoreError', reason: 'timeout' });
  expect(stuck).toHaveBeenCalledTimes(1);
  await expect(store.submit('inquiry', row, unguarded(), [])).resolves.toBe('stored');
  await store.close();
});
