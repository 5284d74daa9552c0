import type { PGlite } from '@electric-sql/pglite';
import { requestBrokerAccess, submitInquiry } from '@/lib/leads/actions';
import { initialFormState } from '@/lib/leads/form-state';
import type { createEmbeddedStore } from '@/lib/store/embedded';
import { getStore } from '@/lib/store';
import { captureLogLines, formData } from '../../support/form-data';
import { freePort } from '@/scripts/lib/next-server.mjs';

const actionPrefixedFields = { $ACTION_REF_1: '', '$ACTION_1:0': '{"id":"x"}' };

let db: PGlite;
beforeAll(async () => {
  process.env.DATA_DIR = 'memory://';
  delete process.env.SUPABASE_URL;
  db = await (getStore() as ReturnType<typeof createEmbeddedStore>).database();
});

afterAll(() => db.close());

beforeEach(async () => {
  await db.exec('truncate prospect_inquiries, broker_requests');
});

async function rows(table: 'prospect_inquiries' | 'broker_requests') {
  return (await db.query<Record<string, unknown>>(`select * from ${table} order by created_at`)).rows;
}

describe('submitInquiry', () => {
  test('stores one row with NULL for the empty optional fields and answers success with cleared values', async () => {
    const state = await submitInquiry(
      initialFormState,
      formData({ ...actionPrefixedFields, full_name: ' Eleanor Whitfield ', email: 'eleanor@example.com', phone: '', message: '' }),
    );
    expect(state).toMatchObject({ status: 'success', values: {}, errors: {} });
    expect(state.answerId).not.toBe('');
    expect(await rows('prospect_inquiries')).toEqual([
      expect.objectContaining({ full_name: 'Eleanor Whitfield', email: 'eleanor@example.com', phone: null, message: null }),
    ]);
  });

  test('stores phone and message when given, and ignores unknown fields', async () => {
    await submitInquiry(
      initialFormState,
      formData({ full_name: 'Eleanor', email: 'e@example.com', phone: '+1 555 0100', message: 'A tour, please.', id: 'forged', role: 'admin' }),
    );
    const [row] = await rows('prospect_inquiries');
    expect(row).toMatchObject({ phone: '+1 555 0100', message: 'A tour, please.' });
    expect(row?.id).not.toBe('forged');
  });

  test('refuses invalid input without storing anything, keeping every typed value and naming the fields', async () => {
    const typed = { full_name: '   ', email: 'not-an-email', phone: '555 0100', message: 'Hello' };
    const state = await submitInquiry(initialFormState, formData(typed));
    expect(state).toMatchObject({
      status: 'error',
      values: { full_name: '   ', email: 'not-an-email', phone: '555 0100', message: 'Hello' },
      errors: { full_name: 'required', email: 'invalid_email' },
    });
    expect(await rows('prospect_inquiries')).toEqual([]);
  });

  test('answers an error state, not an exception, when called with something other than form data', async () => {
    const state = await submitInquiry(initialFormState, 'not form data' as unknown as FormData);
    expect(state.status).toBe('error');
    expect(await rows('prospect_inquiries')).toEqual([]);
  });

  test('logs one structured line per outcome, without anything the visitor typed', async () => {
    const { lines, raw } = await captureLogLines(() =>
      submitInquiry(initialFormState, formData({ full_name: 'Eleanor Whitfield', email: 'eleanor@example.com', phone: '555 0199' })),
    );
    expect(lines).toEqual([expect.objectContaining({ event: 'lead.submission', form: 'inquiry', outcome: 'stored', store: 'embedded' })]);
    expect(raw).not.toMatch(/Eleanor|eleanor@example\.com|555 0199/);
  });
});

describe('requestBrokerAccess', () => {
  test('stores one row with NULL for each empty optional field', async () => {
    const state = await requestBrokerAccess(
      initialFormState,
      formData({ full_name: 'Marcus Hale', email: 'marcus@hale.realty', brokerage: 'Hale Realty', license_number: '', phone: '', message: '' }),
    );
    expect(state.status).toBe('success');
    expect(await rows('broker_requests')).toEqual([
      expect.objectContaining({
        full_name: 'Marcus Hale',
        email: 'marcus@hale.realty',
        brokerage: 'Hale Realty',
        license_number: null,
        phone: null,
        message: null,
      }),
    ]);
  });

  test('refuses a request without a brokerage and stores nothing', async () => {
    const state = await requestBrokerAccess(initialFormState, formData({ full_name: 'Marcus Hale', email: 'marcus@hale.realty' }));
    expect(state).toMatchObject({ status: 'error', errors: { brokerage: 'required' }, values: { full_name: 'Marcus Hale' } });
    expect(await rows('broker_requests')).toEqual([]);
  });
});

describe('with a store that cannot be reached', () => {
  test('both actions answer the error state with every value kept, and log the failure without personal data', async () => {
    const closedPort = await freePort();
    await jest.isolateModulesAsync(async () => {
      process.env.SUPABASE_URL = `http://127.0.0.1:${closedPort}`;
      process.env.SUPABASE_SECRET_KEY = 'test-secret-that-must-not-be-logged';
      try {
        const actions = await import('@/lib/leads/actions');
        const inquiry = { full_name: 'Eleanor Whitfield', email: 'eleanor@example.com', phone: '555 0100', message: 'Hello' };
        const { result, lines, raw } = await captureLogLines(() => actions.submitInquiry(initialFormState, formData(inquiry)));
        expect(result).toMatchObject({ status: 'error', values: inquiry, errors: {} });
        expect(lines).toContainEqual(
          expect.objectContaining({ event: 'lead.submission', form: 'inquiry', outcome: 'store_error', store: 'supabase', reason: 'unreachable' }),
        );
        expect(raw).not.toMatch(/Eleanor|eleanor@example\.com|test-secret-that-must-not-be-logged/);

        const request = { full_name: 'Marcus Hale', email: 'marcus@hale.realty', brokerage: 'Hale Realty', license_number: 'L-1' };
        const broker = await captureLogLines(() => actions.requestBrokerAccess(initialFormState, formData(request)));
        expect(broker.result).toMatchObject({ status: 'error', values: request });
        expect(broker.lines).toContainEqual(expect.objectContaining({ form: 'broker', outcome: 'store_error' }));
      } finally {
        delete process.env.SUPABASE_URL;
        delete process.env.SUPABASE_SECRET_KEY;
      }
    });
  });
});
