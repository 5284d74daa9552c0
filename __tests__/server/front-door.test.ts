import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { multipartBody } from '../support/no-js-form.mjs';
import { rawRequest } from '../support/raw-request.mjs';

// The front door is plain JavaScript that runs beside the standalone build.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createFrontDoor, oneJsonLine } = require('../../server/front-door.cjs') as typeof import('../../server/front-door.cjs');

const ACTION = '7f'.repeat(21);
const BOUNDARY = '----frontDoorTest';
const form = (fields: [string, string][]) => multipartBody(fields, BOUNDARY);
const multipart = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

/** What reached the site behind the door: the request as Next would see it, and its body. */
interface Passed {
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server;
let url: string;
let passed: Passed[];
let trustProxy: string | null = null;

beforeAll(async () => {
  server = createServer((request, response) =>
    createFrontDoor({ actionIds: new Set([ACTION]), socketToken: 'token', trustProxy })(request, response, (inner, outer) => {
      let body = '';
      inner.on('data', (chunk: Buffer) => (body += chunk.toString()));
      inner.on('end', () => {
        passed.push({ headers: inner.headers, body });
        outer.end('passed');
      });
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  passed = [];
  trustProxy = null;
});

test('hands on a page view with the connection’s address, dropping every address a client claims', async () => {
  const answer = await rawRequest(url, { headers: { 'x-aldercrest-socket-address': 'token 203.0.113.9', 'x-forwarded-for': '203.0.113.9', 'x-real-ip': '203.0.113.9', forwarded: 'for=203.0.113.9' } });
  expect(answer.status).toBe(200);
  expect(passed[0]!.headers['x-aldercrest-socket-address']).toBe('token 127.0.0.1');
  for (const name of ['x-forwarded-for', 'x-real-ip', 'forwarded']) expect(passed[0]!.headers).not.toHaveProperty(name);
});

test('behind a trusted proxy, keeps the headers the proxy set', async () => {
  trustProxy = 'x-real-ip';
  await rawRequest(url, { headers: { 'x-real-ip': '198.51.100.7' } });
  expect(passed[0]!.headers['x-real-ip']).toBe('198.51.100.7');
});

test('hands on a form posted to a known action, its body whole and now of known length, even when it came in chunks', async () => {
  const body = form([[`$ACTION_ID_${ACTION}`, ''], ['full_name', 'Eleanor'], ['message', 'é'.repeat(5000)]]);
  const answer = await rawRequest(url, { method: 'POST', headers: { origin: url.slice(0, -1), ...multipart }, body, chunked: true });
  expect(answer.status).toBe(200);
  expect(passed[0]!.body).toBe(body);
  expect(passed[0]!.headers['content-length']).toBe(String(Buffer.byteLength(body)));
  expect(passed[0]!.headers).not.toHaveProperty('transfer-encoding');
});

test.each([
  ['another method', { method: 'PUT' }, 405],
  ['a post with no Origin', { method: 'POST', headers: multipart, body: form([]) }, 403],
  ['a post from elsewhere', { method: 'POST', headers: { origin: 'https://elsewhere.example', ...multipart }, body: form([]) }, 403],
  ['a post from Origin: null', { method: 'POST', headers: { origin: 'null', ...multipart }, body: form([]) }, 403],
  ['JSON', { method: 'POST', headers: { origin: 'ORIGIN', 'content-type': 'application/json' }, body: '{}' }, 415],
  ['a malformed action id', { method: 'POST', headers: { origin: 'ORIGIN', 'next-action': '../x', ...multipart }, body: form([]) }, 400],
  ['an unknown action id', { method: 'POST', headers: { origin: 'ORIGIN', 'next-action': 'ab'.repeat(21), ...multipart }, body: form([]) }, 404],
  ['a form naming no action', { method: 'POST', headers: { origin: 'ORIGIN', ...multipart }, body: form([['full_name', 'x']]) }, 400],
  ['a body that is no form', { method: 'POST', headers: { origin: 'ORIGIN', ...multipart }, body: 'not multipart at all' }, 400],
  ['101 parts', { method: 'POST', headers: { origin: 'ORIGIN', ...multipart }, body: form(Array.from({ length: 101 }, (): [string, string] => ['a', ''])) }, 413],
  ['65 KB declared', { method: 'POST', headers: { origin: 'ORIGIN', ...multipart }, body: form([['m', 'x'.repeat(66_000)]]) }, 413],
  ['65 KB in chunks', { method: 'POST', headers: { origin: 'ORIGIN', ...multipart }, body: form([['m', 'x'.repeat(66_000)]]), chunked: true }, 413],
] as const)('answers %s with %i, one JSON log line, and hands nothing on', async (_, request, status) => {
  const options = JSON.parse(JSON.stringify(request).replace('ORIGIN', url.slice(0, -1)));
  const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const answer = await rawRequest(url, options);
  expect(answer.status).toBe(status);
  expect(passed).toEqual([]);
  expect(logged).toHaveBeenCalledTimes(1);
  expect(JSON.parse(String(logged.mock.calls[0]![0]))).toMatchObject({ event: 'request.refused', status });
});

describe('oneJsonLine', () => {
  test('passes a line that is one JSON object as it is', () => {
    expect(oneJsonLine('info', ['{"event":"lead.submission"}'])).toBe('{"event":"lead.submission"}');
  });

  test('makes anything else one JSON line: the first line of text, without terminal colours', () => {
    expect(JSON.parse(oneJsonLine('info', ['\u001b[32m▲\u001b[39m Next.js 16\n- Local: http://x']))).toMatchObject({ event: 'server.message', message: '▲ Next.js 16' });
  });

  test('names an error by its class, code and digest, never its message', () => {
    const error = Object.assign(new Error('duplicate key value (email)=(eleanor@example.com) in "insert into prospect_inquiries"'), { code: '23505', digest: '42' });
    const line = oneJsonLine('error', [' ⨯', error]);
    expect(JSON.parse(line)).toMatchObject({ event: 'server.message', error: 'Error', code: '23505', digest: '42' });
    expect(line).not.toMatch(/eleanor|insert|duplicate/);
  });
});
