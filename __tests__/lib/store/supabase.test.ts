import type { Actor } from '@/lib/auth/types';
import { processLead } from '@/lib/leads/submit';
import { createSupabaseStore } from '@/lib/store/supabase';
import { captureLogLines, formData } from '../../support/form-data';
import { unguarded } from '../../support/guards';
import { startPostgrestStack, type PostgrestStack } from '../../support/postgrest-stack';
import { submissionContext } from '../../support/request';

let stack: PostgrestStack;
beforeAll(async () => {
  stack = await startPostgrestStack();
});
afterAll(() => stack?.stop());

beforeEach(() => stack.reset());

const rows = (table: string) => stack.query(`select * from ${table}`);

describe('the Supabase store, through PostgREST with a service_role key', () => {
  test('inserts an inquiry and a broker request, NULLs included', async () => {
    const store = createSupabaseStore({ url: stack.url, key: stack.serviceRoleKey, timeoutMs: 5000 });
    await store.submit('inquiry', { full_name: 'Eleanor Whitfield', email: 'eleanor@example.com', phone: null, message: 'A tour, please.' }, unguarded(), []);
    await store.submit(
      'broker',
      { full_name: 'Marcus Hale', email: 'marcus@hale.realty', brokerage: 'Hale Realty', license_number: null, phone: '555 0100', message: null },
      unguarded(),
      [],
    );
    expect(await rows('prospect_inquiries')).toEqual([
      expect.objectContaining({ full_name: 'Eleanor Whitfield', phone: null, message: 'A tour, please.' }),
    ]);
    expect(await rows('broker_requests')).toEqual([
      expect.objectContaining({ brokerage: 'Hale Realty', license_number: null, phone: '555 0100', message: null }),
    ]);
  });

  test('is refused with the anon key: the public key cannot write leads', async () => {
    const store = createSupabaseStore({ url: stack.url, key: stack.anonKey, timeoutMs: 5000 });
    await expect(store.submit('inquiry', { full_name: 'Eve', email: 'eve@example.com', phone: null, message: null }, unguarded(), [])).rejects.toMatchObject({
      reason: 'rejected',
      code: '42501',
    });
    expect(await rows('prospect_inquiries')).toEqual([]);
  });

  test('exports leads oldest first in the same shape as the embedded store, to a team member only', async () => {
    const store = createSupabaseStore({ url: stack.url, key: stack.serviceRoleKey, timeoutMs: 5000 });
    // Stamped a minute apart, so the order is the arrival order whatever the clock's resolution.
    for (const [minute, name] of ['First', 'Second', 'Third'].entries()) {
      await stack.query("insert into prospect_inquiries (full_name, email, created_at) values ($1, 'e@example.com', $2)", [
        name,
        new Date(Date.UTC(2026, 10, 22, 10, minute)),
      ]);
    }
    const [{ id }] = (await stack.query<{ id: string }>("insert into private.accounts (email, name, role) values ('ava@aldercrest.example', 'Ava Laurent', 'owner') returning id")) as [{ id: string }];
    const leads = await store.exportLeads({ id } as Actor, 'inquiry', { offset: 1, limit: 2 });
    expect(leads.map((lead) => lead.full_name)).toEqual(['Second', 'Third']);
    expect(leads[0]!.created_at).toBe('2026-11-22T10:01:00.000Z');
    expect(leads[0]).toMatchObject({ status: 'new', owner: null, owner_id: null, follow_up_on: null, utm_source: null, referrer: null, privacy_notice: null });
    expect(leads[0]).not.toHaveProperty('submission_key');
    await expect(store.exportLeads({ id: crypto.randomUUID() } as Actor, 'inquiry', { offset: 0, limit: 2 })).rejects.toMatchObject({ reason: 'rejected', code: '42501' });
    await expect(store.checkHealth()).resolves.toEqual({ oldestPendingSeconds: null, failedNotices: 0 });
  });

  test('the anon key can neither read leads, nor sign anyone in, nor pass the health check', async () => {
    const store = createSupabaseStore({ url: stack.url, key: stack.anonKey, timeoutMs: 5000 });
    await expect(store.exportLeads({ id: crypto.randomUUID() } as Actor, 'inquiry', { offset: 0, limit: 1 })).rejects.toMatchObject({ reason: 'rejected', code: '42501' });
    await expect(store.session('a'.repeat(24), new Date())).rejects.toMatchObject({ reason: 'rejected', code: '42501' });
    await expect(store.checkHealth()).rejects.toMatchObject({ reason: 'rejected', code: '42501' });
  });

  test('reports an unreachable PostgREST as such', async () => {
    await stack.stopPostgrest();
    const store = createSupabaseStore({ url: stack.url, key: stack.serviceRoleKey, timeoutMs: 5000 });
    // The gateway stays up and answers 502, as Supabase's does when its database API is down.
    await expect(store.submit('inquiry', { full_name: 'Eleanor', email: 'e@example.com', phone: null, message: null }, unguarded(), [])).rejects.toMatchObject({
      name: 'StoreError',
      reason: 'unavailable',
    });
  });
});

describe('the actions on the Supabase store', () => {
  const submit = (form: 'inquiry' | 'broker', data: FormData) =>
    processLead(form, data, submissionContext({ store: createSupabaseStore({ url: stack.url, key: stack.serviceRoleKey, timeoutMs: 5000 }) }));

  test('store both kinds of lead', async () => {
    const inquiry = await submit('inquiry', formData({ full_name: 'Eleanor', email: 'eleanor@example.com', phone: '', message: '' }));
    const broker = await submit(
      'broker',
      formData({ full_name: 'Marcus', email: 'marcus@hale.realty', brokerage: 'Hale Realty', license_number: 'DRE 1', phone: '', message: '' }),
    );
    expect([inquiry.status, broker.status]).toEqual(['success', 'success']);
    expect(await rows('prospect_inquiries')).toEqual([expect.objectContaining({ email: 'eleanor@example.com', phone: null })]);
    expect(await rows('broker_requests')).toEqual([expect.objectContaining({ license_number: 'DRE 1', message: null })]);
  });

  test('answer the error state with the values kept when PostgREST is stopped', async () => {
    await stack.stopPostgrest();
    const typed = { full_name: 'Eleanor', email: 'eleanor@example.com', phone: '555 0100', message: 'Hello' };
    const { result, lines } = await captureLogLines(() => submit('inquiry', formData(typed)));
    expect(result).toMatchObject({ status: 'error', values: typed });
    expect(lines).toEqual([expect.objectContaining({ outcome: 'store_error', store: 'supabase' })]);
    expect(await rows('prospect_inquiries')).toEqual([]);
  });
});

describe('faults between the server and Supabase', () => {
  test('an answer that never comes is reported as a timeout, and nothing is written', async () => {
    stack.setGateway('hang');
    const store = createSupabaseStore({ url: stack.url, key: stack.serviceRoleKey, timeoutMs: 400 });
    await expect(store.submit('inquiry', { full_name: 'Eleanor', email: 'e@example.com', phone: null, message: null }, unguarded(), [])).rejects.toMatchObject({
      reason: 'timeout',
    });
    stack.setGateway('open');
    expect(await rows('prospect_inquiries')).toEqual([]);
  });

  test('a dropped connection is reported as unreachable', async () => {
    stack.setGateway('refuse');
    const store = createSupabaseStore({ url: stack.url, key: stack.serviceRoleKey, timeoutMs: 2000 });
    await expect(store.submit('inquiry', { full_name: 'Eleanor', email: 'e@example.com', phone: null, message: null }, unguarded(), [])).rejects.toMatchObject({
      reason: 'unreachable',
    });
  });
});

describe('the guards, shared through the database by every app instance', () => {
  const lead = { full_name: 'Eleanor', email: 'e@example.com', phone: null, message: null };

  const instances = (count: number) =>
    Array.from({ length: count }, () => createSupabaseStore({ url: stack.url, key: stack.serviceRoleKey, timeoutMs: 5000 }));

  // PostgREST holds several connections to a real server, so these transactions run at once: more than one
  // finds no row with the key yet, and the unique index on it settles the race (see the migration).
  test('ten instances sending the same submission at once store it once', async () => {
    const guard = unguarded();
    const outcomes = await Promise.all(instances(10).map((store) => store.submit('inquiry', lead, guard, [])));
    expect(outcomes.sort()).toEqual([...Array<string>(9).fill('duplicate'), 'stored']);
    expect(await rows('prospect_inquiries')).toHaveLength(1);
  });

  // Without the advisory lock, concurrent transactions would each count the log before any of them wrote to it.
  test('twenty distinct submissions at once under a global limit of eight store exactly eight; the rest are asked for a proof', async () => {
    const guard = () => unguarded({ global: { limit: 8, windowSeconds: 600 } });
    const outcomes = await Promise.all(instances(20).map((store) => store.submit('inquiry', lead, guard(), [])));
    expect(outcomes.sort()).toEqual([...Array<string>(12).fill('challenge'), ...Array<string>(8).fill('stored')]);
    expect(await rows('prospect_inquiries')).toHaveLength(8);
  });

  test('one proof of work sent with ten submissions at once over the cap lets exactly one through', async () => {
    const full = unguarded({ global: { limit: 1, windowSeconds: 600 } });
    expect(await instances(1)[0]!.submit('inquiry', lead, full, [])).toBe('stored');
    const proof = 'a'.repeat(64);
    const outcomes = await Promise.all(
      instances(10).map((store) => store.submit('inquiry', lead, unguarded({ global: { limit: 1, windowSeconds: 600 }, challengeId: proof }), [])),
    );
    expect(outcomes.sort()).toEqual([...Array<string>(9).fill('challenge'), 'stored']);
    expect(await rows('prospect_inquiries')).toHaveLength(2);
  });

  test("one instance's submissions count against the limit on another", async () => {
    const [first, second] = instances(2);
    const limited = (overrides = {}) => unguarded({ clientAddress: '198.51.100.7', perClient: { limit: 2, windowSeconds: 600 }, ...overrides });
    expect(await first!.submit('inquiry', lead, limited(), [])).toBe('stored');
    expect(await second!.submit('inquiry', lead, limited(), [])).toBe('stored');
    expect(await first!.submit('inquiry', lead, limited(), [])).toBe('limited');
    expect(await second!.submit('inquiry', lead, limited({ clientAddress: '203.0.113.5' }), [])).toBe('stored');
    expect(await rows('prospect_inquiries')).toHaveLength(3);
  });

  test('the anon key cannot call the submission function', async () => {
    const store = createSupabaseStore({ url: stack.url, key: stack.anonKey, timeoutMs: 5000 });
    await expect(store.submit('inquiry', lead, unguarded(), [])).rejects.toMatchObject({ reason: 'rejected', code: '42501' });
  });
});
