import { PGlite } from '@electric-sql/pglite';
import { applyMigrations } from '@/lib/store/migrations';

let db: PGlite;
beforeAll(async () => {
  db = await PGlite.create();
  await applyMigrations(db);
});
afterAll(() => db.close());

/** Runs one statement as a Supabase role, the way PostgREST does for each request. */
async function asRole(role: string, sql: string) {
  return db.transaction(async (tx) => {
    await tx.exec(`set local role ${role}`);
    return tx.query(sql);
  });
}

const insertInquiry = "insert into prospect_inquiries (full_name, email) values ('Eleanor', 'e@example.com')";
const insertBroker = "insert into broker_requests (full_name, email, brokerage) values ('Marcus', 'm@example.com', 'Hale')";

describe.each(['anon', 'authenticated'])('as %s', (role) => {
  test.each([
    ['insert an inquiry', insertInquiry],
    ['insert a broker request', insertBroker],
    ['read inquiries', 'select * from prospect_inquiries'],
    ['read broker requests', 'select * from broker_requests'],
    ['delete inquiries', 'delete from prospect_inquiries'],
  ])('may not %s', async (_, sql) => {
    await expect(asRole(role, sql)).rejects.toMatchObject({ code: '42501' });
  });
});

describe('as service_role', () => {
  test('an insert into either table lands', async () => {
    await asRole('service_role', insertInquiry);
    await asRole('service_role', insertBroker);
    expect((await db.query('select * from prospect_inquiries')).rows).toHaveLength(1);
    expect((await db.query('select * from broker_requests')).rows).toHaveLength(1);
  });

  test('may insert and read leads, and nothing more: no update, delete or truncate', async () => {
    const { rows } = await db.query<{ table_name: string; privilege_type: string }>(
      `select table_name, privilege_type from information_schema.role_table_grants
       where grantee = 'service_role' and table_name in ('prospect_inquiries', 'broker_requests') order by table_name, privilege_type`,
    );
    expect(rows).toEqual([
      { table_name: 'broker_requests', privilege_type: 'INSERT' },
      { table_name: 'broker_requests', privilege_type: 'SELECT' },
      { table_name: 'prospect_inquiries', privilege_type: 'INSERT' },
      { table_name: 'prospect_inquiries', privilege_type: 'SELECT' },
    ]);
    await expect(asRole('service_role', 'delete from prospect_inquiries')).rejects.toMatchObject({ code: '42501' });
    await expect(asRole('service_role', "update broker_requests set email = 'x@example.com'")).rejects.toMatchObject({ code: '42501' });
  });
});

test('row level security is on for both tables, with no policy', async () => {
  const { rows } = await db.query<{ relname: string; relrowsecurity: boolean; policies: number }>(`
    select c.relname, c.relrowsecurity, (select count(*)::int from pg_policies p where p.tablename = c.relname) as policies
    from pg_class c where c.relname in ('prospect_inquiries', 'broker_requests') order by c.relname`);
  expect(rows).toEqual([
    { relname: 'broker_requests', relrowsecurity: true, policies: 0 },
    { relname: 'prospect_inquiries', relrowsecurity: true, policies: 0 },
  ]);
});

test('the CHECK constraints refuse what the forms refuse, even from service_role', async () => {
  await expect(asRole('service_role', "insert into prospect_inquiries (full_name, email) values ('', 'e@example.com')")).rejects.toMatchObject({
    code: '23514',
  });
  await expect(
    asRole('service_role', `insert into prospect_inquiries (full_name, email) values ('${'a'.repeat(121)}', 'e@example.com')`),
  ).rejects.toMatchObject({ code: '23514' });
  await expect(
    asRole('service_role', "insert into prospect_inquiries (full_name, email, phone) values ('Eleanor', 'e@example.com', '')"),
  ).rejects.toMatchObject({ code: '23514' });
});

test('migrations apply once: a second run changes nothing', async () => {
  expect(await applyMigrations(db)).toEqual([]);
  const { rows } = await db.query<{ name: string }>('select name from supabase_migrations.schema_migrations order by version');
  expect(rows.map((row) => row.name)).toContain('20261121000000_leads.sql');
});

describe('the submission function and its private log', () => {
  const call =
    "select public.submit_lead('inquiry', '{\"full_name\":\"Eleanor\",\"email\":\"e@example.com\"}'::jsonb, 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', null, null, null, null, null, '{team_email}', null)";

  test.each(['anon', 'authenticated'])('%s may not call submit_lead', async (role) => {
    await expect(asRole(role, call)).rejects.toMatchObject({ code: '42501' });
  });

  test('service_role may, and the lead lands with its notice', async () => {
    const result = await asRole('service_role', call);
    expect(result.rows).toEqual([{ submit_lead: 'stored' }]);
    expect((await db.query('select kind, status from private.outbox')).rows).toEqual([{ kind: 'team_email', status: 'pending' }]);
  });

  test('no role may store a lead without saying which notices it needs: the function that stores alone is private', async () => {
    for (const role of ['anon', 'authenticated', 'service_role']) {
      await expect(asRole(role, "select private.store_lead('inquiry', '{}'::jsonb, 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb', null, null, null, null, null)")).rejects.toMatchObject({
        code: '42501',
      });
    }
  });

  test.each(['anon', 'authenticated'])('%s may not run the health check', async (role) => {
    await expect(asRole(role, 'select public.check_lead_store()')).rejects.toMatchObject({ code: '42501' });
  });

  test('service_role may run the health check, which takes a write', async () => {
    expect((await asRole('service_role', 'select public.check_lead_store()')).rows).toEqual([{ check_lead_store: expect.objectContaining({ failed_notices: 0 }) }]);
    expect((await db.query('select count(*)::int as probes from private.health_probe')).rows).toEqual([{ probes: 1 }]);
  });

  test.each(['anon', 'authenticated', 'service_role'])('%s may not read the private schema', async (role) => {
    await expect(asRole(role, 'select * from private.submission_log')).rejects.toMatchObject({ code: '42501' });
    await expect(asRole(role, 'select * from private.settings')).rejects.toMatchObject({ code: '42501' });
    await expect(asRole(role, 'select * from private.health_probe')).rejects.toMatchObject({ code: '42501' });
    await expect(asRole(role, 'select * from private.outbox')).rejects.toMatchObject({ code: '42501' });
    await expect(asRole(role, 'select * from private.receipt_log')).rejects.toMatchObject({ code: '42501' });
  });
});

describe('the database functions', () => {
  const calls = [
    "select public.claim_notices(now(), 10, 120, 200)",
    "select public.complete_notice(gen_random_uuid(), gen_random_uuid(), 'sent', null, null, now())",
    "select public.auth_session('abcdefghijklmnopqrstuvwx', now())",
    "select public.auth_link_state(repeat('0', 64), now())",
    "select public.passkey_for_sign_in('AAAAAAAAAAAAAAAAAAAAAA')",
    // What the tour booking page reads and does without an account.
    'select public.tour_settings()',
    "select public.tour_spans(now(), now() + interval '1 day')",
    "select public.tour_link(repeat('0', 64), now())",
    "select public.book_tour_by_link(repeat('0', 64), now(), 'America/New_York', now())",
  ];

  test.each(['anon', 'authenticated'])('%s may call none of them', async (role) => {
    for (const sql of calls) await expect(asRole(role, sql)).rejects.toMatchObject({ code: '42501' });
  });

  test('service_role may call each', async () => {
    for (const sql of calls) await expect(asRole('service_role', sql)).resolves.toBeDefined();
  });

  test('every function of the public schema is service_role’s alone: the public keys may execute none', async () => {
    const { rows } = await db.query<{ name: string; anon: boolean; authenticated: boolean; service_role: boolean }>(`
      select p.oid::regprocedure::text as name,
        has_function_privilege('anon', p.oid, 'execute') as anon,
        has_function_privilege('authenticated', p.oid, 'execute') as authenticated,
        has_function_privilege('service_role', p.oid, 'execute') as service_role
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' order by 1`);
    expect(rows.length).toBeGreaterThan(30);
    expect(rows.filter((row) => row.anon || row.authenticated || !row.service_role)).toEqual([]);
  });

  test('a function acting for someone refuses an account that does not exist, even to service_role', async () => {
    await expect(asRole('service_role', "select public.inbox_leads(gen_random_uuid(), 'inquiry', null, null, null, 0, 25)")).rejects.toMatchObject({ code: '42501' });
    await expect(asRole('service_role', "select public.team_overview(gen_random_uuid(), now())")).rejects.toMatchObject({ code: '42501' });
  });
});
