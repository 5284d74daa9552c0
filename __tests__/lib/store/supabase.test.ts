import { setTimeout as delay } from 'node:timers/promises';
import { createSupabaseStore } from '@/lib/store/supabase';
import { captureLogLines, formData } from '../../support/form-data';
import { unguarded } from '../../support/guards';
import { startPostgrestStack, type PostgrestStack } from '../../support/postgrest-stack';
import { requestContext } from '../../support/request';
import { withStoreFromEnvironment } from '../../support/store';

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
    await store.submit('inquiry', { full_name: 'Eleanor Whitfield', email: 'eleanor@example.com', phone: null, message: 'A tour, please.' }, unguarded());
    await store.submit(
      'broker',
      { full_name: 'Marcus Hale', email: 'marcus@hale.realty', brokerage: 'Hale Realty', license_number: null, phone: '555 0100', message: null },
      unguarded(),
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
    await expect(store.submit('inquiry', { full_name: 'Eve', email: 'eve@example.com', phone: null, message: null }, unguarded())).rejects.toMatchObject({
      reason: 'rejected',
      code: '42501',
    });
    expect(await rows('prospect_inquiries')).toEqual([]);
  });

  test('lists leads newest first with the total, in the same shape as the embedded store', async () => {
    const store = createSupabaseStore({ url: stack.url, key: stack.serviceRoleKey, timeoutMs: 5000 });
    for (const name of ['First', 'Second', 'Third']) {
      await store.submit('inquiry', { full_name: name, email: 'e@example.com', phone: null, message: null }, unguarded());
      await delay(5); // distinct millisecond stamps, so arrival decides the order
    }
    const page = await store.list('inquiry', { offset: 0, limit: 2 });
    expect(page.total).toBe(3);
    expect(page.leads.map((lead) => lead.full_name)).toEqual(['Third', 'Second']);
    expect(page.leads[0]!.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
    expect(Object.keys(page.leads[0]!).sort()).toEqual(['created_at', 'email', 'full_name', 'id', 'message', 'phone']);
    await expect(store.checkHealth()).resolves.toBeUndefined();
  });

  test('the anon key can neither list leads nor pass the health check', async () => {
    const store = createSupabaseStore({ url: stack.url, key: stack.anonKey, timeoutMs: 5000 });
    await expect(store.list('inquiry', { offset: 0, limit: 1 })).rejects.toMatchObject({ reason: 'rejected', code: '42501' });
  });

  test('reports an unreachable PostgREST as such', async () => {
    await stack.stopPostgrest();
    const store = createSupabaseStore({ url: stack.url, key: stack.serviceRoleKey, timeoutMs: 5000 });
    // The gateway stays up and answers 502, as Supabase's does when its database API is down.
    await expect(store.submit('inquiry', { full_name: 'Eleanor', email: 'e@example.com', phone: null, message: null }, unguarded())).rejects.toMatchObject({
      name: 'StoreError',
      reason: 'unavailable',
    });
  });
});

describe('the actions on the Supabase store', () => {
  type Submit = (data: FormData) => ReturnType<typeof import('@/lib/leads/submit').processLead>;

  /** The actions' body (see __tests__/lib/leads/submit.test.ts) on a store chosen from this environment. */
  async function withSupabaseActions(run: (actions: { submitInquiry: Submit; requestBrokerAccess: Submit }) => Promise<void>) {
    await withStoreFromEnvironment(() => jest.isolateModulesAsync(async () => {
      process.env.SUPABASE_URL = stack.url;
      process.env.SUPABASE_SERVICE_ROLE_KEY = stack.serviceRoleKey;
      try {
        const { processLead, inquiryForm, brokerForm } = await import('@/lib/leads/submit');
        await run({
          submitInquiry: (data) => processLead(inquiryForm, data, requestContext()),
          requestBrokerAccess: (data) => processLead(brokerForm, data, requestContext()),
        });
      } finally {
        delete process.env.SUPABASE_URL;
        delete process.env.SUPABASE_SERVICE_ROLE_KEY;
      }
    }));
  }

  test('store both kinds of lead', async () => {
    await withSupabaseActions(async ({ submitInquiry, requestBrokerAccess }) => {
      const inquiry = await submitInquiry(formData({ full_name: 'Eleanor', email: 'eleanor@example.com', phone: '', message: '' }));
      const broker = await requestBrokerAccess(
        formData({ full_name: 'Marcus', email: 'marcus@hale.realty', brokerage: 'Hale Realty', license_number: 'DRE 1', phone: '', message: '' }),
      );
      expect([inquiry.status, broker.status]).toEqual(['success', 'success']);
    });
    expect(await rows('prospect_inquiries')).toEqual([expect.objectContaining({ email: 'eleanor@example.com', phone: null })]);
    expect(await rows('broker_requests')).toEqual([expect.objectContaining({ license_number: 'DRE 1', message: null })]);
  });

  test('answer the error state with the values kept when PostgREST is stopped', async () => {
    await stack.stopPostgrest();
    await withSupabaseActions(async ({ submitInquiry }) => {
      const typed = { full_name: 'Eleanor', email: 'eleanor@example.com', phone: '555 0100', message: 'Hello' };
      const { result, lines } = await captureLogLines(() => submitInquiry(formData(typed)));
      expect(result).toMatchObject({ status: 'error', values: typed });
      expect(lines).toContainEqual(expect.objectContaining({ outcome: 'store_error', store: 'supabase' }));
    });
    expect(await rows('prospect_inquiries')).toEqual([]);
  });
});

describe('faults between the server and Supabase', () => {
  test('an answer slower than the timeout is a timeout, reported within it', async () => {
    stack.setGateway('hang');
    const store = createSupabaseStore({ url: stack.url, key: stack.serviceRoleKey, timeoutMs: 400 });
    const started = Date.now();
    await expect(store.submit('inquiry', { full_name: 'Eleanor', email: 'e@example.com', phone: null, message: null }, unguarded())).rejects.toMatchObject({
      reason: 'timeout',
    });
    expect(Date.now() - started).toBeLessThan(1500);
    stack.setGateway('open');
    expect(await rows('prospect_inquiries')).toEqual([]);
  });

  test('a dropped connection is reported as unreachable', async () => {
    stack.setGateway('refuse');
    const store = createSupabaseStore({ url: stack.url, key: stack.serviceRoleKey, timeoutMs: 2000 });
    await expect(store.submit('inquiry', { full_name: 'Eleanor', email: 'e@example.com', phone: null, message: null }, unguarded())).rejects.toMatchObject({
      reason: 'unreachable',
    });
  });
});

describe('the guards, shared through the database by every app instance', () => {
  const lead = { full_name: 'Eleanor', email: 'e@example.com', phone: null, message: null };

  // PostgREST here has one connection to a one-session database, so the requests reach it in turn; the
  // race between truly parallel inserts is settled by the unique index (see the migration), not tested here.
  test('two instances sending the same submission at once store it once', async () => {
    const [first, second] = [0, 1].map(() => createSupabaseStore({ url: stack.url, key: stack.serviceRoleKey, timeoutMs: 5000 }));
    const guard = unguarded();
    const outcomes = await Promise.all([first!.submit('inquiry', lead, guard), second!.submit('inquiry', lead, guard), first!.submit('inquiry', lead, guard)]);
    expect(outcomes.sort()).toEqual(['duplicate', 'duplicate', 'stored']);
    expect(await rows('prospect_inquiries')).toHaveLength(1);
  });

  test("one instance's submissions count against the limit on another", async () => {
    const [first, second] = [0, 1].map(() => createSupabaseStore({ url: stack.url, key: stack.serviceRoleKey, timeoutMs: 5000 }));
    const limited = (overrides = {}) => unguarded({ clientAddress: '198.51.100.7', perClient: { limit: 2, windowSeconds: 600 }, ...overrides });
    expect(await first!.submit('inquiry', lead, limited())).toBe('stored');
    expect(await second!.submit('inquiry', lead, limited())).toBe('stored');
    expect(await first!.submit('inquiry', lead, limited())).toBe('limited');
    expect(await second!.submit('inquiry', lead, limited({ clientAddress: '203.0.113.5' }))).toBe('stored');
    expect(await rows('prospect_inquiries')).toHaveLength(3);
  });

  test('the anon key cannot call the submission function', async () => {
    const store = createSupabaseStore({ url: stack.url, key: stack.anonKey, timeoutMs: 5000 });
    await expect(store.submit('inquiry', lead, unguarded())).rejects.toMatchObject({ reason: 'rejected', code: '42501' });
  });
});
