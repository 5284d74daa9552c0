import { mkdtempSync, rmSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import { startNextServer } from '@/__tests__/support/next-server.mjs';
import { multipartBody } from '@/__tests__/support/no-js-form.mjs';
import { postLargeBody, rawExchange, rawRequest } from '@/__tests__/support/raw-request.mjs';
import { EVERY_ANSWER } from '@/server/site-headers.cjs';
import { test } from './support/turns';

// The answers the production server's front door writes itself, before Next, through raw requests: the
// headers they carry, and a client that is still sending a body far too large for any form when it is refused.

type Server = Awaited<ReturnType<typeof startNextServer>>;
let server: Server;
let root: string;

test.beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'aldercrest-refusals-'));
  server = await startNextServer({ DATA_DIR: path.join(root, 'data') });
});
test.afterAll(async () => {
  await server?.stop();
  rmSync(root, { recursive: true, force: true });
});

const BOUNDARY = '----aldercrestRefusal';
const multipart = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
const form = multipartBody([['full_name', 'Eleanor']], BOUNDARY);

/** The headers the site gives every answer: the four every page must carry, and whatever else next.config.ts adds. */
const SITE_HEADERS = [
  ...new Set(['x-content-type-options', 'content-security-policy', 'x-frame-options', 'referrer-policy', ...EVERY_ANSWER.map(({ key }) => key.toLowerCase())]),
];

test('every refusal of the front door carries the headers of every page, with a policy that allows nothing', async () => {
  const page = await rawRequest(`${server.url}/`);
  expect(page.status).toBe(200);
  for (const name of SITE_HEADERS) expect(page.headers[name], name).toBeTruthy();

  const { host } = new URL(server.url);
  const own = { origin: server.url, ...multipart };
  const cases: [string, () => Promise<{ status: number; headers: IncomingHttpHeaders }>, number][] = [
    ['PUT', () => rawRequest(`${server.url}/`, { method: 'PUT' }), 405],
    [
      'a declared length of 9,999,999 bytes',
      () => rawExchange(server.url, `POST / HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${server.url}\r\nContent-Type: ${multipart['content-type']}\r\nContent-Length: 9999999\r\n\r\n`),
      413,
    ],
    ['text/plain', () => rawRequest(`${server.url}/`, { method: 'POST', headers: { origin: server.url, 'content-type': 'text/plain' }, body: 'full_name=Eleanor' }), 415],
    ['a malformed Next-Action', () => rawRequest(`${server.url}/`, { method: 'POST', headers: { ...own, 'next-action': 'not-an-action' }, body: form }), 400],
    ['an unknown Next-Action of 42 hexadecimal characters', () => rawRequest(`${server.url}/`, { method: 'POST', headers: { ...own, 'next-action': '7f'.repeat(21) }, body: form }), 404],
    ['a post from another origin', () => rawRequest(`${server.url}/`, { method: 'POST', headers: { ...own, origin: 'https://elsewhere.example' }, body: form }), 403],
  ];
  for (const [name, send, status] of cases) {
    const answer = await send();
    expect({ name, status: answer.status }).toEqual({ name, status });
    for (const header of SITE_HEADERS) {
      const expected = header === 'content-security-policy' ? "default-src 'none'; frame-ancestors 'none'" : page.headers[header];
      expect({ name, header, value: answer.headers[header] }).toEqual({ name, header, value: expected });
    }
    expect({ name, hsts: answer.headers['strict-transport-security'] }).toEqual({ name, hsts: undefined });
    // A refusal is no home page: it keeps the opener policy the home page alone goes without.
    expect({ name, coop: answer.headers['cross-origin-opener-policy'] }).toEqual({ name, coop: 'same-origin' });
  }

  // Over https, HSTS as on every page.
  const overHttps = await rawRequest(`${server.url}/`, { method: 'PUT', headers: { 'x-forwarded-proto': 'https' } });
  const pageOverHttps = await rawRequest(`${server.url}/`, { headers: { 'x-forwarded-proto': 'https' } });
  expect(overHttps.status).toBe(405);
  expect(overHttps.headers['strict-transport-security']).toBeTruthy();
  expect(overHttps.headers['strict-transport-security']).toBe(pageOverHttps.headers['strict-transport-security']);
});

test('the answers Node would write itself, to CONNECT, to a request that cannot be read or names no host, carry them too', async () => {
  const page = await rawRequest(`${server.url}/`);
  const { host } = new URL(server.url);
  const answers = {
    CONNECT: await rawExchange(server.url, 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n'),
    unreadable: await rawExchange(server.url, 'NOT HTTP AT ALL\r\n\r\n'),
    'no host': await rawExchange(server.url, 'GET / HTTP/1.1\r\n\r\n'),
    'two hosts': await rawExchange(server.url, `GET / HTTP/1.1\r\nHost: ${host}\r\nHost: ${host}\r\n\r\n`),
    '* as a target': await rawExchange(server.url, `GET * HTTP/1.1\r\nHost: ${host}\r\n\r\n`),
  };
  expect(Object.fromEntries(Object.entries(answers).map(([name, { status }]) => [name, status]))).toEqual({
    CONNECT: 405,
    unreadable: 400,
    'no host': 400,
    'two hosts': 400,
    '* as a target': 400,
  });
  for (const [name, answer] of Object.entries(answers)) {
    for (const header of SITE_HEADERS) {
      const expected = header === 'content-security-policy' ? "default-src 'none'; frame-ancestors 'none'" : page.headers[header];
      expect({ name, header, value: answer.headers[header] }).toEqual({ name, header, value: expected });
    }
    expect({ name, coop: answer.headers['cross-origin-opener-policy'] }).toEqual({ name, coop: 'same-origin' });
  }
});

test('a whole address as the target, as a client sends it to a proxy, is read as its path: never a redirect to another site', async () => {
  const { host } = new URL(server.url);
  const exchange = (target: string) => rawExchange(server.url, `GET ${target} HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
  const privacy = await exchange('http://elsewhere.example/privacy');
  expect(privacy.status).toBe(200);
  expect(privacy.headers.location).toBeUndefined();
  for (const target of ['https://elsewhere.example/', 'http://elsewhere.example//elsewhere.example/', 'http://elsewhere.example/privacy/']) {
    const answer = await exchange(target);
    expect({ target, status: answer.status }).toEqual({ target, status: answer.headers.location === undefined ? 200 : 308 });
    // Where Next does redirect, to the one spelling of the path, it stays on this site.
    if (answer.headers.location !== undefined) expect({ target, location: answer.headers.location }).toEqual({ target, location: expect.stringMatching(/^\/(?![/\\])/) });
  }
});

test('a file asked for in part, or on a condition no file meets, is answered whole: never the 500 Next’s file server gave', async () => {
  const page = await rawRequest(`${server.url}/`);
  const script = /\/_next\/static\/chunks\/[^"]+\.js/.exec(page.body)![0];
  const asks: Record<string, string>[] = [
    { range: 'bytes=0-9' },
    { range: 'bytes=999999999-' },
    { range: 'bytes=5-2' },
    { range: 'bytes=abc' },
    { range: 'bytes=0-1,3-4' },
    { 'if-match': '"nope"' },
    { 'if-match': '*' },
    { 'if-unmodified-since': 'Thu, 01 Jan 1970 00:00:00 GMT' },
    { range: 'bytes=0-9', 'if-range': '"nope"' },
  ];
  for (const address of ['/brand/wordmark.svg', script, '/icon.png', '/']) {
    const whole = await rawRequest(`${server.url}${address}`);
    expect(whole.status).toBe(200);
    for (const ask of asks) {
      // Without Accept-Encoding, a script is answered by Next's file server, as the SVG always is.
      const answer = await rawRequest(`${server.url}${address}`, { headers: ask });
      expect({ address, ask, status: answer.status, length: answer.body.length }).toEqual({ address, ask, status: 200, length: whole.body.length });
    }
    // A cached copy's condition is still met with a 304.
    if (whole.headers.etag) expect((await rawRequest(`${server.url}${address}`, { headers: { 'if-none-match': String(whole.headers.etag) } })).status).toBe(304);
  }
});

test('a header that had Next skip the proxy is dropped: the team’s and the brokers’ pages still send a stranger to sign in', async () => {
  for (const address of ['/admin', '/admin/leads/1', '/portal', '/account']) {
    const answer = await rawRequest(`${server.url}${address}`, { headers: { 'x-middleware-prefetch': '1' } });
    expect({ address, status: answer.status, location: answer.headers.location }).toEqual({ address, status: 307, location: expect.stringMatching(/^\/sign-in\?next=/) });
  }
});

test('the answers the server writes from the build itself, a 304, a HEAD and an unknown image address, carry them too', async () => {
  const page = await rawRequest(`${server.url}/`);
  const answers = {
    '304': await rawRequest(`${server.url}/`, { headers: { 'if-none-match': String(page.headers.etag) } }),
    HEAD: await rawRequest(`${server.url}/`, { method: 'HEAD' }),
    'unknown image': await rawRequest(`${server.url}/_next/image?url=%2Fnone.jpg&w=1&q=1`),
  };
  expect([answers['304'].status, answers.HEAD.status, answers['unknown image'].status]).toEqual([304, 200, 404]);
  // A page's policy names its own inline scripts' hashes, the image's every page's: the policy is otherwise the same.
  const withoutHashes = (value: string | string[] | undefined) => String(value).replace(/ 'sha256-[^']+'/g, '');
  for (const [name, answer] of Object.entries(answers)) {
    for (const header of SITE_HEADERS) {
      const [value, expected] = [answer.headers[header], page.headers[header]].map((sent) => (header === 'content-security-policy' ? withoutHashes(sent) : sent));
      expect({ name, header, value }).toEqual({ name, header, value: expected });
    }
  }
});

for (const [framing, chunked] of [
  ['chunked, with no length', true],
  ['with its Content-Length, sent whole', false],
] as const) {
  test(`a body of 8 MB, ${framing}: the client reads the 413 every time, not a reset`, async () => {
    const headers = { origin: server.url, ...multipart };
    const answers: (number | string)[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      answers.push(await postLargeBody(`${server.url}/`, { size: 8 * 1024 * 1024, chunked, headers }).then(({ status }) => status, (error: NodeJS.ErrnoException) => error.code ?? String(error)));
    }
    expect(answers).toEqual([413, 413, 413, 413, 413]);
    // The server goes on answering.
    expect((await rawRequest(`${server.url}/`)).status).toBe(200);
  });
}
