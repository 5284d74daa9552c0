/**
 * @jest-environment node
 */
// jsdom and node have no IndexedDB: fake-indexeddb's in-memory implementation
// stands in for it here. The browser tests run the same module on Chromium's.
import 'fake-indexeddb/auto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createStore, get, type UseStore } from 'idb-keyval';
import type { LeadFormState } from '@/lib/leads/form-state';
import { SUBMISSION_KEY_FIELD } from '@/lib/leads/forms';
import {
  KEEP_FOR_MS,
  OUTBOX_SYNC_TAG,
  openOutbox,
  sendSaved,
  type LockRequester,
  type SavedSubmission,
  type SendResult,
} from '@/lib/offline/outbox';

let storeCount = 0;
let store: UseStore;
let clock: number;
const now = () => clock;

beforeEach(() => {
  // A database of its own for every test.
  store = createStore(`outbox-test-${++storeCount}`, 'submissions');
  clock = 1_700_000_000_000;
});

function fields(name: string, key: string): [string, string][] {
  return [
    ['full_name', name],
    ['email', `${name.toLowerCase()}@example.com`],
    [SUBMISSION_KEY_FIELD, key],
  ];
}

function state(status: LeadFormState['status'], values: Record<string, string> = {}): LeadFormState {
  return { status, values, errors: {}, answerId: `answer-${status}` };
}

const answered = (status: LeadFormState['status']): SendResult => ({ kind: 'answered', state: state(status) });

describe('keeping submissions', () => {
  it('lists them oldest first, whatever their keys, and by form when asked', async () => {
    const outbox = openOutbox({ now, store });
    clock += 1000;
    await outbox.save({ key: 'zeta', form: 'inquiry', fields: fields('Ada', 'zeta') });
    clock += 1000;
    await outbox.save({ key: 'alpha', form: 'broker', fields: fields('Bo', 'alpha') });
    clock += 1000;
    await outbox.save({ key: 'mu', form: 'inquiry', fields: fields('Cy', 'mu') });

    expect((await outbox.pending()).map((s) => s.key)).toEqual(['zeta', 'alpha', 'mu']);
    expect((await outbox.pending('inquiry')).map((s) => s.key)).toEqual(['zeta', 'mu']);
    expect((await outbox.pending('broker')).map((s) => s.key)).toEqual(['alpha']);
    const [first] = await outbox.pending();
    expect(first).toEqual({ key: 'zeta', form: 'inquiry', fields: fields('Ada', 'zeta'), savedAt: 1_700_000_001_000 });
  });

  it('replaces a submission saved again under the same key, forgetting its answer', async () => {
    const outbox = openOutbox({ now, store });
    await outbox.save({ key: 'k1', form: 'inquiry', fields: fields('Ada', 'k1') });
    await outbox.flush(async () => answered('error'));
    expect((await outbox.pending())[0]?.answer?.status).toBe('error');

    clock += 5000;
    await outbox.save({ key: 'k1', form: 'inquiry', fields: fields('Adele', 'k1') });
    const all = await outbox.pending();
    expect(all).toHaveLength(1);
    expect(all[0]).toEqual({ key: 'k1', form: 'inquiry', fields: fields('Adele', 'k1'), savedAt: clock });
  });

  it('keeps a submission until it is exactly seven days old, then deletes it', async () => {
    const outbox = openOutbox({ now, store });
    const savedAt = clock;
    await outbox.save({ key: 'old', form: 'inquiry', fields: fields('Ada', 'old') });
    clock += 1;
    await outbox.save({ key: 'newer', form: 'broker', fields: fields('Bo', 'newer') });

    clock = savedAt + KEEP_FOR_MS - 1;
    expect((await outbox.pending()).map((s) => s.key)).toEqual(['old', 'newer']);

    clock = savedAt + KEEP_FOR_MS;
    expect((await outbox.pending()).map((s) => s.key)).toEqual(['newer']);
    // Deleted, not merely hidden: even with the clock put back it is gone.
    expect(await get('old', store)).toBeUndefined();
    clock = savedAt;
    expect((await outbox.pending()).map((s) => s.key)).toEqual(['newer']);

    clock = savedAt + 1 + KEEP_FOR_MS + 60_000;
    expect(await outbox.pending()).toEqual([]);
    expect(await get('newer', store)).toBeUndefined();
  });

  it('hands a submission to one taker and deletes it', async () => {
    const outbox = openOutbox({ now, store });
    await outbox.save({ key: 'k1', form: 'broker', fields: fields('Ada', 'k1') });
    const [first, second] = await Promise.all([outbox.take('k1'), openOutbox({ now, store }).take('k1')]);
    expect([first, second].filter(Boolean)).toHaveLength(1);
    expect(first ?? second).toMatchObject({ key: 'k1', form: 'broker', fields: fields('Ada', 'k1') });
    expect(await outbox.pending()).toEqual([]);
    expect(await outbox.take('nothing')).toBeUndefined();
  });
});

describe('flush', () => {
  async function saveThree(outbox: ReturnType<typeof openOutbox>) {
    for (const key of ['first', 'second', 'third']) {
      clock += 1000;
      await outbox.save({ key, form: 'inquiry', fields: fields(key, key) });
    }
  }

  it('deletes what the server accepted, oldest sent first', async () => {
    const outbox = openOutbox({ now, store });
    await saveThree(outbox);
    const sent: string[] = [];
    const done = await outbox.flush(async (s) => {
      sent.push(s.key);
      return answered('success');
    });
    expect(sent).toEqual(['first', 'second', 'third']);
    expect(done.map((d) => [d.submission.key, d.result.kind])).toEqual([
      ['first', 'answered'],
      ['second', 'answered'],
      ['third', 'answered'],
    ]);
    expect(await outbox.pending()).toEqual([]);
  });

  it('keeps a refusal with its answer and does not send it again', async () => {
    const outbox = openOutbox({ now, store });
    await saveThree(outbox);
    const answers: Record<string, LeadFormState['status']> = { first: 'success', second: 'error', third: 'challenge' };
    await outbox.flush(async (s) => answered(answers[s.key]!));

    const kept = await outbox.pending();
    expect(kept.map((s) => [s.key, s.answer?.status])).toEqual([
      ['second', 'error'],
      ['third', 'challenge'],
    ]);
    expect(kept[0]?.fields).toEqual(fields('second', 'second'));

    const send = jest.fn(async (): Promise<SendResult> => answered('success'));
    expect(await outbox.flush(send)).toEqual([]);
    expect(send).not.toHaveBeenCalled();
    expect(await outbox.pending()).toHaveLength(2);
  });

  it('stops at the first unreachable send and keeps it and the rest', async () => {
    const outbox = openOutbox({ now, store });
    await saveThree(outbox);
    const sent: string[] = [];
    const done = await outbox.flush(async (s) => {
      sent.push(s.key);
      return s.key === 'second' ? { kind: 'unreachable' } : answered('success');
    });
    expect(sent).toEqual(['first', 'second']);
    expect(done.map((d) => [d.submission.key, d.result.kind])).toEqual([
      ['first', 'answered'],
      ['second', 'unreachable'],
    ]);
    const kept = await outbox.pending();
    expect(kept.map((s) => s.key)).toEqual(['second', 'third']);
    expect(kept.every((s) => s.answer === undefined)).toBe(true);
  });

  it('leaves alone a submission saved again while it was being sent', async () => {
    const outbox = openOutbox({ now, store });
    await outbox.save({ key: 'k1', form: 'inquiry', fields: fields('Ada', 'k1') });
    await outbox.flush(async () => {
      clock += 1000;
      await outbox.save({ key: 'k1', form: 'inquiry', fields: fields('Adele', 'k1') });
      return answered('error');
    });
    const kept = await outbox.pending();
    expect(kept).toHaveLength(1);
    expect(kept[0]?.fields).toEqual(fields('Adele', 'k1'));
    expect(kept[0]?.answer).toBeUndefined();
  });

  /** Two flushes started together, each send held open until both flushes have begun. */
  async function concurrentFlushes(locks: LockRequester | null) {
    const seed = openOutbox({ now, store, locks });
    await saveThree(seed);
    const calls: string[] = [];
    const releases: (() => void)[] = [];
    const send = async (s: SavedSubmission): Promise<SendResult> => {
      calls.push(s.key);
      await new Promise<void>((resolve) => releases.push(resolve));
      return answered('success');
    };
    const a = openOutbox({ now, store, locks }).flush(send);
    const b = openOutbox({ now, store, locks }).flush(send);
    // Lets every waiting send go, until both flushes are done.
    let finished = false;
    const both = Promise.all([a, b]).finally(() => {
      finished = true;
    });
    while (!finished) {
      releases.splice(0).forEach((release) => release());
      await new Promise((resolve) => setImmediate(resolve));
    }
    const [doneA, doneB] = await both;
    return { calls, doneA, doneB };
  }

  it('sends each submission once when two flushes run at the same time', async () => {
    const { calls, doneA, doneB } = await concurrentFlushes(null);
    expect([...calls].sort()).toEqual(['first', 'second', 'third']);
    expect(doneA.length + doneB.length).toBe(3);
    expect(await openOutbox({ now, store }).pending()).toEqual([]);
  });

  it('would send twice without the lock (the test above can fail)', async () => {
    const noLock: LockRequester = { request: (_name, callback) => callback() };
    const { calls } = await concurrentFlushes(noLock);
    expect(calls.length).toBeGreaterThan(3);
  });

  it('takes the Web Lock named after the sync tag where there is one', async () => {
    const names: string[] = [];
    const locks: LockRequester = {
      request: (name, callback) => {
        names.push(name);
        return callback();
      },
    };
    const outbox = openOutbox({ now, store, locks });
    await outbox.save({ key: 'k1', form: 'inquiry', fields: fields('Ada', 'k1') });
    await outbox.flush(async () => answered('success'));
    expect(names).toEqual([OUTBOX_SYNC_TAG]);
    expect(OUTBOX_SYNC_TAG).toBe('lead-outbox');
  });
});

describe('sendSaved, against a real HTTP server', () => {
  interface Received {
    method: string | undefined;
    url: string | undefined;
    fields: [string, string][];
  }
  let server: Server;
  let base: string;
  let received: Received[];
  let reply: (res: ServerResponse) => void;

  beforeAll(async () => {
    server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      // Read the multipart body back as a browser's server would.
      const form = await new Request('http://local/', {
        method: 'POST',
        headers: { 'content-type': req.headers['content-type'] ?? '' },
        body: Buffer.concat(chunks),
      }).formData();
      const got: [string, string][] = [];
      form.forEach((value, name) => got.push([name, String(value)]));
      received.push({ method: req.method, url: req.url, fields: got });
      reply(res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  beforeEach(() => {
    received = [];
  });

  /** The page's relative URL, sent to the test server. */
  const toServer = (origin: () => string): typeof fetch => (input, init) => fetch(new URL(String(input), origin()), init);

  const submission: SavedSubmission = {
    key: 'key-123',
    form: 'broker',
    fields: [
      ['full_name', 'Ada Lovelace'],
      ['email', 'ada@example.com'],
      ['message', 'Line one\nline two — ünïcode'],
      [SUBMISSION_KEY_FIELD, 'key-123'],
    ],
    savedAt: 1_700_000_000_000,
  };

  it('posts the fields as multipart form data and returns the state the server answered', async () => {
    const success = state('success');
    reply = (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(success));
    };
    const result = await sendSaved(submission, toServer(() => base));
    expect(result).toEqual({ kind: 'answered', state: success });
    // Multipart encoding writes a line break as CRLF, as it does for a form posted live.
    const posted = submission.fields.map(([name, value]) => [name, value.replace(/\n/g, '\r\n')]);
    expect(received).toEqual([{ method: 'POST', url: '/api/leads/broker', fields: posted }]);
  });

  it('passes on an error answer from the server as it came', async () => {
    const error: LeadFormState = { status: 'error', values: { email: 'nope' }, errors: { email: 'invalid_email' }, answerId: 'a1' };
    reply = (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(error));
    };
    expect(await sendSaved({ ...submission, form: 'inquiry' }, toServer(() => base))).toEqual({ kind: 'answered', state: error });
    expect(received[0]?.url).toBe('/api/leads/inquiry');
  });

  it('turns a front-door refusal (403, plain text) into an error with the values back', async () => {
    reply = (res) => {
      res.writeHead(403, { 'content-type': 'text/plain' });
      res.end('Forbidden');
    };
    const result = await sendSaved(submission, toServer(() => base));
    expect(result.kind).toBe('answered');
    if (result.kind !== 'answered') return;
    expect(result.state).toMatchObject({
      status: 'error',
      values: { full_name: 'Ada Lovelace', email: 'ada@example.com', message: 'Line one\nline two — ünïcode' },
      errors: {},
    });
    expect(result.state.values).not.toHaveProperty(SUBMISSION_KEY_FIELD);
    expect(result.state.answerId).not.toBe('');
    expect(received).toHaveLength(1);
  });

  it.each([
    ['a busy server (503)', 503, 'text/plain', 'Busy'],
    ['a rate limit (429)', 429, 'text/plain', 'Slow down'],
    ['a redirect (a captive portal)', 302, 'text/html', ''],
    ['a page that is not a form state (a captive portal)', 200, 'text/html', '<!doctype html><title>Log in to the Wi-Fi</title>'],
  ])('counts %s as unreachable, to try again later', async (_what, status, type, body) => {
    reply = (res) => {
      res.writeHead(status, { 'content-type': type, ...(status === 302 ? { location: '/portal' } : {}) });
      res.end(body);
    };
    expect(await sendSaved(submission, toServer(() => base))).toEqual({ kind: 'unreachable' });
    expect(received).toHaveLength(1);
  });

  it('counts a refused connection (a closed port) as unreachable', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await sendSaved(submission, toServer(() => `http://127.0.0.1:${port}`))).toEqual({ kind: 'unreachable' });
  });
});
