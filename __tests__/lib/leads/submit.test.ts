import type { PGlite } from '@electric-sql/pglite';
import { LEAD_FORMS } from '@/lib/leads/forms';
import { processLead } from '@/lib/leads/submit';
import { resetProcessState } from '@/lib/process-state';
import { createEmbeddedStore } from '@/lib/store/embedded';
import { createSupabaseStore } from '@/lib/store/supabase';
import type { Challenge } from 'altcha-lib';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { captureLogLines, formData } from '../../support/form-data';
import { freePort } from '../../support/next-server.mjs';
import { submissionContext } from '../../support/request';

/**
 * The Server Actions are `processLead(form, formData, context of the
 * request)`; outside a request the tests give the context themselves: the
 * store, the configuration's environment, the headers. The browser tests
 * drive the actions themselves over HTTP.
 */
const store = createEmbeddedStore('memory://');
let env: Record<string, string> = {};
const submitInquiry = (data: unknown, headers = new Headers()) => processLead('inquiry', data, submissionContext({ store, env, headers }));
const submitBroker = (data: unknown, headers = new Headers()) => processLead('broker', data, submissionContext({ store, env, headers }));

const actionPrefixedFields = { $ACTION_REF_1: '', '$ACTION_1:0': '{"id":"x"}' };

let db: PGlite;
beforeAll(async () => {
  db = await store.database();
});

afterAll(() => store.close());

beforeEach(async () => {
  await db.exec('truncate prospect_inquiries, broker_requests, private.submission_log cascade');
  env = {};
});

async function rows(table: 'prospect_inquiries' | 'broker_requests') {
  return (await db.query<Record<string, unknown>>(`select * from ${table} order by created_at`)).rows;
}

describe('submitInquiry', () => {
  test('stores one row with NULL for the empty optional fields and answers success with cleared values', async () => {
    const state = await submitInquiry(
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
      formData({ full_name: 'Eleanor', email: 'e@example.com', phone: '+1 555 0100', message: 'A tour, please.', id: 'forged', role: 'admin' }),
    );
    const [row] = await rows('prospect_inquiries');
    expect(row).toMatchObject({ phone: '+1 555 0100', message: 'A tour, please.' });
    expect(row?.id).not.toBe('forged');
  });

  test('refuses invalid input without storing anything, keeping every typed value and naming the fields', async () => {
    const typed = { full_name: '   ', email: 'not-an-email', phone: '555 0100', message: 'Hello' };
    const state = await submitInquiry(formData(typed));
    expect(state).toMatchObject({
      status: 'error',
      values: { full_name: '   ', email: 'not-an-email', phone: '555 0100', message: 'Hello' },
      errors: { full_name: 'required', email: 'invalid_email' },
    });
    expect(await rows('prospect_inquiries')).toEqual([]);
  });

  test('answers an error state, not an exception, when called with something other than form data', async () => {
    const state = await submitInquiry('not form data');
    expect(state.status).toBe('error');
    expect(await rows('prospect_inquiries')).toEqual([]);
  });

  test('logs one structured line per outcome, without anything the visitor typed', async () => {
    const { lines, raw } = await captureLogLines(() =>
      submitInquiry(formData({ full_name: 'Eleanor Whitfield', email: 'eleanor@example.com', phone: '555 0199' })),
    );
    expect(lines).toEqual([expect.objectContaining({ event: 'lead.submission', form: 'inquiry', outcome: 'stored', store: 'embedded' })]);
    expect(raw).not.toMatch(/Eleanor|eleanor@example\.com|555 0199/);
  });
});

describe('submitBroker', () => {
  test('stores one row with NULL for each empty optional field', async () => {
    const state = await submitBroker(
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
    const state = await submitBroker(formData({ full_name: 'Marcus Hale', email: 'marcus@hale.realty' }));
    expect(state).toMatchObject({ status: 'error', errors: { brokerage: 'required' }, values: { full_name: 'Marcus Hale' } });
    expect(await rows('broker_requests')).toEqual([]);
  });
});

describe('with a store that cannot be reached', () => {
  test('both actions answer the error state with every value kept, and log the failure without personal data', async () => {
    const unreachable = createSupabaseStore({ url: `http://127.0.0.1:${await freePort()}`, key: 'test-secret-that-must-not-be-logged', timeoutMs: 5000 });
    const submit = (form: 'inquiry' | 'broker', data: FormData) => processLead(form, data, submissionContext({ store: unreachable }));

    const inquiry = { full_name: 'Eleanor Whitfield', email: 'eleanor@example.com', phone: '555 0100', message: 'Hello' };
    const { result, lines, raw } = await captureLogLines(() => submit('inquiry', formData(inquiry)));
    expect(result).toMatchObject({ status: 'error', values: inquiry, errors: {} });
    expect(lines).toEqual([
      expect.objectContaining({ event: 'lead.submission', form: 'inquiry', outcome: 'store_error', store: 'supabase', reason: 'unreachable' }),
    ]);
    expect(raw).not.toMatch(/Eleanor|eleanor@example\.com|test-secret-that-must-not-be-logged/);

    const request = { full_name: 'Marcus Hale', email: 'marcus@hale.realty', brokerage: 'Hale Realty', license_number: 'L-1' };
    const broker = await captureLogLines(() => submit('broker', formData(request)));
    expect(broker.result).toMatchObject({ status: 'error', values: request });
    expect(broker.lines).toEqual([expect.objectContaining({ form: 'broker', outcome: 'store_error' })]);
  });
});

const lead = { full_name: 'Eleanor Whitfield', email: 'eleanor@example.com', phone: '', message: '' };
const MESSAGE_LIMIT = LEAD_FORMS.inquiry.fields.find((field) => field.name === 'message')!.limit;

describe('input', () => {
  test('a field over its limit is the error state with every value kept whole, and nothing stored', async () => {
    const long = { ...lead, message: 'm'.repeat(MESSAGE_LIMIT + 1) };
    const state = await submitInquiry(formData(long));
    expect(state).toMatchObject({ status: 'error', errors: { message: 'too_long' } });
    expect(state.values.message).toHaveLength(MESSAGE_LIMIT + 1);
    expect(await rows('prospect_inquiries')).toEqual([]);
  });

  test('a control character is refused rather than stored', async () => {
    const state = await submitInquiry(formData({ ...lead, full_name: 'Eleanor\u0000Whitfield' }));
    expect(state).toMatchObject({ status: 'error', errors: { full_name: 'invalid' } });
    expect(await rows('prospect_inquiries')).toEqual([]);
  });
});

describe('the honeypot', () => {
  test('filled in, it is answered like a success and nothing is stored', async () => {
    const { result, lines } = await captureLogLines(() => submitInquiry(formData({ ...lead, website: 'https://spam.example' })));
    expect(result).toMatchObject({ status: 'success', values: {} });
    expect(lines).toEqual([expect.objectContaining({ outcome: 'honeypot' })]);
    expect(await rows('prospect_inquiries')).toEqual([]);
  });

  test('left empty, as a person leaves it, the lead is stored', async () => {
    expect((await submitInquiry(formData({ ...lead, website: '' }))).status).toBe('success');
    expect(await rows('prospect_inquiries')).toHaveLength(1);
  });
});

describe('exactly once', () => {
  const browserKey = 'c0ffee00c0ffee00c0ffee00c0ffee00-0';

  test('a double click or a retry with the same key stores one row and is answered with success each time', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => submitInquiry(formData({ ...lead, submission_key: browserKey }))));
    expect(answers.map((answer) => answer.status)).toEqual(['success', 'success', 'success']);
    expect(await rows('prospect_inquiries')).toEqual([expect.objectContaining({ submission_key: expect.stringMatching(/^browser-/) })]);
  });

  test('a key sent again with different content is a new lead, stored, never a success whose words were dropped', async () => {
    expect((await submitInquiry(formData({ ...lead, message: 'First words', submission_key: browserKey }))).status).toBe('success');
    expect((await submitInquiry(formData({ ...lead, message: 'Edited after a lost answer', submission_key: browserKey }))).status).toBe('success');
    expect((await submitInquiry(formData({ ...lead, message: 'Edited after a lost answer', submission_key: browserKey }))).status).toBe('success');
    expect((await rows('prospect_inquiries')).map((row) => row.message).sort()).toEqual(['Edited after a lost answer', 'First words']);
  });

  test('a replayed post without JavaScript (no key) stores one row', async () => {
    const first = await submitInquiry(formData(lead));
    const replay = await submitInquiry(formData(lead));
    expect([first.status, replay.status]).toEqual(['success', 'success']);
    expect(await rows('prospect_inquiries')).toHaveLength(1);
  });

  test("two visitors' leads never collide, with or without JavaScript", async () => {
    await Promise.all([
      submitInquiry(formData({ ...lead, email: 'first@example.com' })),
      submitInquiry(formData({ ...lead, email: 'second@example.com' })),
      submitInquiry(formData({ ...lead, email: 'third@example.com', submission_key: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa-0' })),
      submitInquiry(formData({ ...lead, email: 'fourth@example.com', submission_key: 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb-0' })),
    ]);
    expect((await rows('prospect_inquiries')).map((row) => row.email).sort()).toEqual([
      'first@example.com',
      'fourth@example.com',
      'second@example.com',
      'third@example.com',
    ]);
  });

  test('the same key on the other form is a different submission', async () => {
    await submitInquiry(formData({ ...lead, submission_key: browserKey }));
    await submitBroker(formData({ ...lead, brokerage: 'Hale Realty', submission_key: browserKey }));
    expect(await rows('prospect_inquiries')).toHaveLength(1);
    expect(await rows('broker_requests')).toHaveLength(1);
  });
});

describe('limits', () => {
  const from = (address: string) => new Headers({ 'x-real-ip': address });

  test('a client over its limit gets the error state with its values, and nothing is stored; others are unaffected', async () => {
    env = { RATE_LIMIT_PER_IP: '2/10m', TRUST_PROXY: 'x-real-ip' };
    const answers = [];
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) answers.push(await submitInquiry(formData({ ...lead, email }), from('198.51.100.7')));
    expect(answers.map((answer) => answer.status)).toEqual(['success', 'success', 'error']);
    expect(answers[2]?.values).toMatchObject({ email: 'c@example.com' });
    expect((await submitInquiry(formData({ ...lead, email: 'd@example.com' }), from('203.0.113.5'))).status).toBe('success');
    expect((await rows('prospect_inquiries')).map((row) => row.email).sort()).toEqual(['a@example.com', 'b@example.com', 'd@example.com']);
  });

  test('the per-client limit counts both forms together', async () => {
    env = { RATE_LIMIT_PER_IP: '1/10m', TRUST_PROXY: 'x-real-ip' };
    expect((await submitInquiry(formData(lead), from('198.51.100.7'))).status).toBe('success');
    expect((await submitBroker(formData({ ...lead, brokerage: 'Hale Realty' }), from('198.51.100.7'))).status).toBe('error');
  });

  test('without a trusted proxy no header is believed: posts that carry no connection address count as one unknown client', async () => {
    env = { RATE_LIMIT_PER_IP: '1/10m', RATE_LIMIT_GLOBAL: '3/1m' };
    const forged = (address: string) => new Headers({ 'x-forwarded-for': address, 'x-real-ip': address });
    const answers = [];
    for (const [index, address] of ['192.0.2.1', '192.0.2.2', '192.0.2.3'].entries()) {
      answers.push((await submitInquiry(formData({ ...lead, email: `v${index}@example.com` }), forged(address))).status);
    }
    expect(answers).toEqual(['success', 'error', 'error']);
    expect(await rows('prospect_inquiries')).toHaveLength(1);
  });

  test('a dozen addresses from one IPv6 /64 count as one client; IPv4 spelled as IPv6 counts as itself', async () => {
    env = { RATE_LIMIT_PER_IP: '2/10m', TRUST_PROXY: 'x-real-ip' };
    const answers = [];
    for (let host = 1; host <= 12; host++) {
      answers.push((await submitInquiry(formData({ ...lead, email: `v6-${host}@example.com` }), from(`2001:db8:1:2::${host.toString(16)}`))).status);
    }
    expect(answers.filter((status) => status === 'success')).toHaveLength(2);
    expect((await submitInquiry(formData({ ...lead, email: 'next-door@example.com' }), from('2001:db8:1:3::1'))).status).toBe('success');
    expect((await submitInquiry(formData({ ...lead, email: 'v4@example.com' }), from('192.0.2.9'))).status).toBe('success');
    expect((await submitInquiry(formData({ ...lead, email: 'v4-again@example.com' }), from('::ffff:192.0.2.9'))).status).toBe('success');
    expect((await submitInquiry(formData({ ...lead, email: 'v4-third@example.com' }), from('::ffff:c000:209'))).status).toBe('error');
  });

  test('posts whose address is missing or unreadable share one limit, rather than none', async () => {
    env = { RATE_LIMIT_PER_IP: '2/10m', TRUST_PROXY: 'x-real-ip' };
    const answers = [];
    for (const [index, header] of [new Headers(), from('not an address'), from(''), from('999.1.2.3')].entries()) {
      answers.push((await submitInquiry(formData({ ...lead, email: `unknown-${index}@example.com` }), header)).status);
    }
    expect(answers).toEqual(['success', 'success', 'error', 'error']);
  });

  test('a replay of a stored submission is still answered with success when over the limit, and costs nothing', async () => {
    env = { RATE_LIMIT_GLOBAL: '1/1m' };
    expect((await submitInquiry(formData(lead))).status).toBe('success');
    expect((await submitInquiry(formData(lead))).status).toBe('success');
    expect((await submitInquiry(formData({ ...lead, email: 'other@example.com' }))).status).toBe('challenge');
    expect(await rows('prospect_inquiries')).toHaveLength(1);
  });

  test('keeps no visitor address, only a salted hash', async () => {
    env = { RATE_LIMIT_PER_IP: '5/10m', TRUST_PROXY: 'x-real-ip' };
    await submitInquiry(formData(lead), from('198.51.100.7'));
    const { rows: logged } = await db.query<{ client_hash: string }>('select client_hash from private.submission_log');
    expect(logged).toEqual([{ client_hash: expect.stringMatching(/^[0-9a-f]{64}$/) }]);
    expect(JSON.stringify(await db.query('select * from private.submission_log'))).not.toContain('198.51.100.7');
  });
});

describe('over the global cap', () => {
  /** What the browser does with a challenge: the work, then the form again with the proof. */
  async function prove(challenge: Challenge): Promise<string> {
    const solution = await solveChallenge({ challenge, deriveKey });
    return JSON.stringify({ challenge, solution });
  }

  beforeEach(() => {
    env = { RATE_LIMIT_GLOBAL: '1/1m', RATE_LIMIT_PER_IP: '3/10m', TRUST_PROXY: 'x-real-ip' };
  });
  const from = (address: string) => new Headers({ 'x-real-ip': address });

  test('a new submission is asked for a proof of work, with every value kept, and nothing is stored', async () => {
    await submitInquiry(formData({ ...lead, email: 'first@example.com' }), from('192.0.2.1'));
    const typed = { ...lead, email: 'second@example.com', message: 'Kept while busy' };
    const answer = await submitInquiry(formData(typed), from('192.0.2.2'));
    expect(answer).toMatchObject({ status: 'challenge', values: { email: 'second@example.com', message: 'Kept while busy' }, errors: {} });
    expect(answer.challenge?.parameters).toMatchObject({ algorithm: 'SHA-256', expiresAt: expect.any(Number) });
    expect((await rows('prospect_inquiries')).map((row) => row.email)).toEqual(['first@example.com']);
  });

  test('sent again with the proof, it is stored; the same proof again buys nothing', async () => {
    await submitInquiry(formData({ ...lead, email: 'first@example.com' }), from('192.0.2.1'));
    const asked = await submitInquiry(formData({ ...lead, email: 'second@example.com' }), from('192.0.2.2'));
    const proof = await prove(asked.challenge!);
    expect((await submitInquiry(formData({ ...lead, email: 'second@example.com', altcha: proof }), from('192.0.2.2'))).status).toBe('success');
    const replayed = await submitInquiry(formData({ ...lead, email: 'third@example.com', altcha: proof }), from('192.0.2.3'));
    expect(replayed.status).toBe('challenge');
    expect((await rows('prospect_inquiries')).map((row) => row.email).sort()).toEqual(['first@example.com', 'second@example.com']);
  });

  test('a forged, tampered or malformed proof buys nothing', async () => {
    await submitInquiry(formData({ ...lead, email: 'first@example.com' }), from('192.0.2.1'));
    const asked = await submitInquiry(formData({ ...lead, email: 'second@example.com' }), from('192.0.2.2'));
    const proof = JSON.parse(await prove(asked.challenge!));
    const attempts = [
      JSON.stringify({ ...proof, solution: { ...proof.solution, derivedKey: proof.solution.derivedKey.replace(/^./, (digit: string) => (digit === '0' ? '1' : '0')) } }),
      JSON.stringify({ ...proof, challenge: { ...proof.challenge, parameters: { ...proof.challenge.parameters, keyPrefix: '00' } } }),
      'not json',
      '{}',
      'x'.repeat(10_000),
    ];
    for (const altcha of attempts) {
      expect((await submitInquiry(formData({ ...lead, email: 'second@example.com', altcha }), from('192.0.2.2'))).status).toBe('challenge');
    }
    expect(await rows('prospect_inquiries')).toHaveLength(1);
  });

  test("a proof does not lift the client's own limit", async () => {
    env = { RATE_LIMIT_GLOBAL: '1/1m', RATE_LIMIT_PER_IP: '1/10m', TRUST_PROXY: 'x-real-ip' };
    await submitInquiry(formData({ ...lead, email: 'first@example.com' }), from('192.0.2.1'));
    const asked = await submitInquiry(formData({ ...lead, email: 'second@example.com' }), from('192.0.2.1'));
    expect(asked.status).toBe('challenge');
    const answer = await submitInquiry(formData({ ...lead, email: 'second@example.com', altcha: await prove(asked.challenge!) }), from('192.0.2.1'));
    expect(answer.status).toBe('error');
    expect(await rows('prospect_inquiries')).toHaveLength(1);
  });

  test('the harder the flood, the more work a challenge asks', async () => {
    // The gauge counts this process's challenges of the last minute: it starts from none.
    resetProcessState();
    await submitInquiry(formData({ ...lead, email: 'first@example.com' }), from('192.0.2.1'));
    const { lines } = await captureLogLines(async () => {
      for (let index = 0; index < 12; index++) await submitInquiry(formData({ ...lead, email: `bot${index}@example.com` }), from(`198.51.100.${index}`));
    });
    const levels = lines.filter((line) => line.outcome === 'challenge').map((line) => line.level as number);
    expect(levels).toHaveLength(12);
    expect(levels.at(-1)).toBeGreaterThan(levels[0]!);
    expect([...levels].sort((a, b) => a - b)).toEqual(levels);
  });
});
