import { initialFormState } from '@/lib/leads/form-state';
import { createSupabaseStore } from '@/lib/store/supabase';
import { captureLogLines, formData } from '../../support/form-data';
import { startPostgrestStack, type PostgrestStack } from '../../support/postgrest-stack';

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
    await store.insertInquiry({ full_name: 'Eleanor Whitfield', email: 'eleanor@example.com', phone: null, message: 'A tour, please.' });
    await store.insertBrokerRequest({
      full_name: 'Marcus Hale',
      email: 'marcus@hale.realty',
      brokerage: 'Hale Realty',
      license_number: null,
      phone: '555 0100',
      message: null,
    });
    expect(await rows('prospect_inquiries')).toEqual([
      expect.objectContaining({ full_name: 'Eleanor Whitfield', phone: null, message: 'A tour, please.' }),
    ]);
    expect(await rows('broker_requests')).toEqual([
      expect.objectContaining({ brokerage: 'Hale Realty', license_number: null, phone: '555 0100', message: null }),
    ]);
  });

  test('is refused with the anon key: the public key cannot write leads', async () => {
    const store = createSupabaseStore({ url: stack.url, key: stack.anonKey, timeoutMs: 5000 });
    await expect(store.insertInquiry({ full_name: 'Eve', email: 'eve@example.com', phone: null, message: null })).rejects.toMatchObject({
      reason: 'rejected',
      code: '42501',
    });
    expect(await rows('prospect_inquiries')).toEqual([]);
  });

  test('reports an unreachable PostgREST as such', async () => {
    await stack.stopPostgrest();
    const store = createSupabaseStore({ url: stack.url, key: stack.serviceRoleKey, timeoutMs: 5000 });
    // The gateway stays up and answers 502, as Supabase's does when its database API is down.
    await expect(store.insertInquiry({ full_name: 'Eleanor', email: 'e@example.com', phone: null, message: null })).rejects.toMatchObject({
      name: 'StoreError',
      reason: 'unavailable',
    });
  });
});

describe('the actions on the Supabase store', () => {
  async function withSupabaseActions(run: (actions: typeof import('@/lib/leads/actions')) => Promise<void>) {
    await jest.isolateModulesAsync(async () => {
      process.env.SUPABASE_URL = stack.url;
      process.env.SUPABASE_SERVICE_ROLE_KEY = stack.serviceRoleKey;
      try {
        await run(await import('@/lib/leads/actions'));
      } finally {
        delete process.env.SUPABASE_URL;
        delete process.env.SUPABASE_SERVICE_ROLE_KEY;
      }
    });
  }

  test('store both kinds of lead', async () => {
    await withSupabaseActions(async ({ submitInquiry, requestBrokerAccess }) => {
      const inquiry = await submitInquiry(initialFormState, formData({ full_name: 'Eleanor', email: 'eleanor@example.com', phone: '', message: '' }));
      const broker = await requestBrokerAccess(
        initialFormState,
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
      const { result, lines } = await captureLogLines(() => submitInquiry(initialFormState, formData(typed)));
      expect(result).toMatchObject({ status: 'error', values: typed });
      expect(lines).toContainEqual(expect.objectContaining({ outcome: 'store_error', store: 'supabase' }));
    });
    expect(await rows('prospect_inquiries')).toEqual([]);
  });
});
