import { request as httpRequest, createServer, type ServerResponse, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { multipartBody } from '../support/no-js-form.mjs';

// The front door and its queue are plain JavaScript that runs beside the standalone build.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createFrontDoor } = require('../../server/front-door.cjs') as typeof import('../../server/front-door.cjs');

const ACTION = '7e'.repeat(21);
const BOUNDARY = '----postQueueTest';
const AT_ONCE = 2;

/** The posts Next is working on, by the name field each carries: answered when the test says. */
let working: Map<string, ServerResponse>;
/** The names, in the order Next was handed them. */
let handedOn: string[];
let server: Server;
let port: number;
let logged: string[];

beforeEach(async () => {
  working = new Map();
  handedOn = [];
  logged = [];
  jest.spyOn(console, 'error').mockImplementation((line: string) => void logged.push(line));
  const door = createFrontDoor({ actions: { [ACTION]: 1 }, socketToken: 'token', trustProxy: null, postsAtOnce: AT_ONCE });
  server = createServer((request, response) =>
    door(request, response, (inner, outer) => {
      if (inner.method === 'GET') return outer.end('read');
      let body = '';
      inner.on('data', (chunk: Buffer) => (body += chunk.toString()));
      inner.on('end', () => {
        const name = /name="name"\r\n\r\n([^\r]*)/.exec(body)![1]!;
        handedOn.push(name);
        working.set(name, outer);
      });
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterEach(async () => {
  jest.restoreAllMocks();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** A post of the form, as a browser without JavaScript sends it: resolves with its answer, or 'gone' once destroyed. */
function post(name: string) {
  const body = multipartBody([[`$ACTION_ID_${ACTION}`, ''], ['name', name]], BOUNDARY);
  const sent = httpRequest({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/',
    headers: { origin: `http://127.0.0.1:${port}`, 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': Buffer.byteLength(body) },
  });
  const answered = new Promise<string>((resolve) => {
    sent.on('response', (answer) => {
      let text = '';
      answer.on('data', (chunk: Buffer) => (text += chunk.toString()));
      answer.on('end', () => resolve(`${answer.statusCode} ${text}`));
    });
    sent.on('error', () => resolve('gone'));
    sent.on('close', () => resolve('gone'));
  });
  sent.end(body);
  return { answered, leave: () => sent.destroy() };
}

/** Answers the post Next has under this name. */
function answer(name: string) {
  working.get(name)!.end(`stored ${name}`);
  working.delete(name);
}

const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
};

test('Next works on two posts at once; the rest wait, read and checked, and go on in the order they came as each is answered', async () => {
  const posts = ['a', 'b', 'c', 'd', 'e'].map((name) => ({ name, ...post(name) }));
  await until(() => handedOn.length === AT_ONCE);
  // Every body has been read by now (a request still being sent would not be on the queue); none more is handed on.
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(handedOn).toHaveLength(AT_ONCE);
  // A read never waits behind them.
  expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('read');

  // As each is answered, the first still waiting goes on, and never more than two are worked on.
  while (working.size > 0) {
    const [oldest] = working.keys();
    answer(oldest!);
    await until(() => working.size === AT_ONCE || handedOn.length === posts.length);
    expect(working.size).toBeLessThanOrEqual(AT_ONCE);
  }
  const answers = await Promise.all(posts.map((one) => one.answered));
  expect(answers).toEqual(posts.map(({ name }) => `200 stored ${name}`));
  // The three that waited went on in the order they arrived.
  const waited = posts.map(({ name }) => name).filter((name) => handedOn.indexOf(name) >= AT_ONCE);
  expect(handedOn.slice(AT_ONCE)).toEqual(waited);
});

test('a post whose client leaves while it waits is never handed on, is logged in one line, and its turn passes to the next', async () => {
  const first = post('a');
  const second = post('b');
  await until(() => handedOn.length === 2);
  const leaving = post("c");
  const staying = post('d');
  await new Promise((resolve) => setTimeout(resolve, 100));
  leaving.leave();
  expect(await leaving.answered).toBe('gone');
  await until(() => logged.some((line) => line.includes('request.abandoned')));

  answer('a');
  await until(() => handedOn.length === 3);
  expect(handedOn[2]).toBe('d');
  answer('b');
  answer('d');
  expect(await Promise.all([first.answered, second.answered, staying.answered])).toEqual(['200 stored a', '200 stored b', '200 stored d']);
  expect(handedOn).not.toContain('c');
  const lines = logged.filter((line) => line.includes('request.abandoned'));
  expect(lines).toHaveLength(1);
  expect(JSON.parse(lines[0]!)).toMatchObject({ level: 'warn', event: 'request.abandoned', method: 'POST', path: '/' });
});

test('a post whose client leaves while Next works on it gives its place to the next', async () => {
  const leaving = post('a');
  post('b');
  await until(() => handedOn.length === 2);
  const waiting = post('c');
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(handedOn).toHaveLength(2);
  leaving.leave();
  await until(() => handedOn.length === 3);
  expect(handedOn[2]).toBe('c');
  answer('c');
  expect(await waiting.answered).toBe('200 stored c');
  answer('b');
});
