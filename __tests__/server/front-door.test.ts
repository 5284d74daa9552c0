import { execFile } from 'node:child_process';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { multipartBody } from '../support/no-js-form.mjs';
import { postLargeBody, rawExchange, rawRequest } from '../support/raw-request.mjs';

// The front door is plain JavaScript that runs beside the standalone build.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createFrontDoor } = require('../../server/front-door.cjs') as typeof import('../../server/front-door.cjs');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { redirectWithSiteHeaders } = require('../../server/redirect-site-headers.cjs') as typeof import('../../server/redirect-site-headers.cjs');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { answerConnect, answerUnreadable } = require('../../server/refusals.cjs') as typeof import('../../server/refusals.cjs');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { SERVER_OPTIONS } = require('../../server/request-checks.cjs') as typeof import('../../server/request-checks.cjs');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { EVERY_ANSWER, OPENER_POLICY, PLAIN_TEXT_POLICY, STRICT_TRANSPORT_SECURITY } = require('../../server/site-headers.cjs') as typeof import('../../server/site-headers.cjs');

/** What next.config.ts gives every answer but the home page, with the plain-text policy: each refusal must carry all of it. */
const SITE_HEADERS: Record<string, string> = {
  ...Object.fromEntries([...EVERY_ANSWER, OPENER_POLICY].map(({ key, value }) => [key.toLowerCase(), value])),
  'content-security-policy': PLAIN_TEXT_POLICY,
};
/** The site's headers, of those a refusal carries. */
const siteHeadersOf = (headers: IncomingMessage['headers']) => Object.fromEntries(Object.keys(SITE_HEADERS).map((name) => [name, headers[name]]));

const ACTION = '7f'.repeat(21);
/** An action that takes a form's fields alone, where ACTION takes its state first. */
const ONE_ARGUMENT = '7e'.repeat(21);
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
/** How long and how much the door reads of a refused body before it closes the connection: its own unless a test says. */
let linger: { bytes: number; ms: number } | undefined;

beforeAll(async () => {
  server = createServer((request, response) =>
    createFrontDoor({ actions: { [ACTION]: 2, [ONE_ARGUMENT]: 1 }, socketToken: 'token', trustProxy, linger })(request, response, (inner, outer) => {
      // As the standalone server hands a request on to Next (server/standalone-server.cjs).
      redirectWithSiteHeaders(inner, outer);
      let body = '';
      inner.on('data', (chunk: Buffer) => (body += chunk.toString()));
      inner.on('end', () => {
        passed.push({ headers: inner.headers, body });
        const [, kind] = /^\/answered-by-next\/([a-z-]+)/.exec(inner.url ?? '') ?? [];
        // As Next answers an address spelt another way (server/lib/router-server.js): a status, a location, the bare address.
        if (kind === 'respelt') {
          outer.statusCode = 308;
          outer.setHeader('Location', '/privacy');
          outer.end('/privacy');
        } else if (kind === 'redirect-with-headers') {
          outer.writeHead(303, { Location: '/', 'X-Content-Type-Options': 'nosniff', 'Content-Security-Policy': "default-src 'self'" });
          outer.end();
        } else if (kind === 'not-modified') {
          outer.statusCode = 304;
          outer.end();
        } else {
          outer.end('passed');
        }
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
  linger = undefined;
});

test('hands on a page view with the connection’s address, dropping every address a client claims and the header that skips the proxy', async () => {
  const answer = await rawRequest(url, {
    headers: { 'x-aldercrest-socket-address': 'token 203.0.113.9', 'x-forwarded-for': '203.0.113.9', 'x-real-ip': '203.0.113.9', forwarded: 'for=203.0.113.9', 'x-middleware-prefetch': '1' },
  });
  expect(answer.status).toBe(200);
  expect(passed[0]!.headers['x-aldercrest-socket-address']).toBe('token 127.0.0.1');
  for (const name of ['x-forwarded-for', 'x-real-ip', 'forwarded', 'x-middleware-prefetch']) expect(passed[0]!.headers).not.toHaveProperty(name);
});

test('behind a trusted proxy, keeps the headers the proxy set', async () => {
  trustProxy = 'x-real-ip';
  await rawRequest(url, { headers: { 'x-real-ip': '198.51.100.7' } });
  expect(passed[0]!.headers['x-real-ip']).toBe('198.51.100.7');
});

test('hands on a form posted to a known action, its body whole and now of known length, even when it came in chunks', async () => {
  const body = form([[`$ACTION_ID_${ONE_ARGUMENT}`, ''], ['full_name', 'Eleanor'], ['message', 'é'.repeat(5000)]]);
  const answer = await rawRequest(url, { method: 'POST', headers: { origin: url.slice(0, -1), ...multipart }, body, chunked: true });
  expect(answer.status).toBe(200);
  expect(passed[0]!.body).toBe(body);
  expect(passed[0]!.headers['content-length']).toBe(String(Buffer.byteLength(body)));
  expect(passed[0]!.headers).not.toHaveProperty('transfer-encoding');
});

test.each([
  ['another method', 405, { method: 'PUT' }],
  ['a post with no Origin', 403, { method: 'POST', headers: multipart, body: form([]) }],
  ['a post from elsewhere', 403, { method: 'POST', headers: { origin: 'https://elsewhere.example', ...multipart }, body: form([]) }],
  ['a post from Origin: null', 403, { method: 'POST', headers: { origin: 'null', ...multipart }, body: form([]) }],
  ['JSON', 415, { method: 'POST', headers: { origin: 'ORIGIN', 'content-type': 'application/json' }, body: '{}' }],
  ['a malformed action id', 400, { method: 'POST', headers: { origin: 'ORIGIN', 'next-action': '../x', ...multipart }, body: form([]) }],
  ['an unknown action id', 404, { method: 'POST', headers: { origin: 'ORIGIN', 'next-action': 'ab'.repeat(21), ...multipart }, body: form([]) }],
  ['a form naming no action', 400, { method: 'POST', headers: { origin: 'ORIGIN', ...multipart }, body: form([['full_name', 'x']]) }],
  ['a body that is no form', 400, { method: 'POST', headers: { origin: 'ORIGIN', ...multipart }, body: 'not multipart at all' }],
  ['101 parts', 413, { method: 'POST', headers: { origin: 'ORIGIN', ...multipart }, body: form(Array.from({ length: 101 }, (): [string, string] => ['a', ''])) }],
  ['65 KB declared', 413, { method: 'POST', headers: { origin: 'ORIGIN', ...multipart }, body: form([['m', 'x'.repeat(66_000)]]) }],
  ['65 KB in chunks', 413, { method: 'POST', headers: { origin: 'ORIGIN', ...multipart }, body: form([['m', 'x'.repeat(66_000)]]), chunked: true }],
] as const)('answers %s with %i, one JSON log line, the site’s headers, and hands nothing on', async (_, status, request) => {
  const options = JSON.parse(JSON.stringify(request).replace('ORIGIN', url.slice(0, -1)));
  const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const answer = await rawRequest(url, options);
  expect(answer.status).toBe(status);
  expect(passed).toEqual([]);
  expect(logged).toHaveBeenCalledTimes(1);
  expect(JSON.parse(String(logged.mock.calls[0]![0]))).toMatchObject({ event: 'request.refused', status });
  expect(siteHeadersOf(answer.headers)).toEqual(SITE_HEADERS);
  expect(answer.headers).not.toHaveProperty('strict-transport-security');
});

test.each(['/tour/%E0%A4%A', '/portal/%', '/%ZZ', '/portal/%C0%AF.pdf'])('answers a path whose escapes decode to no text (%s) with 400, one JSON log line and the site’s headers', async (target) => {
  const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const answer = await rawRequest(url, { path: `${target}?view=1` });
  expect(answer.status).toBe(400);
  expect(passed).toEqual([]);
  expect(logged).toHaveBeenCalledTimes(1);
  expect(JSON.parse(String(logged.mock.calls[0]![0]))).toMatchObject({ event: 'request.refused', status: 400, reason: 'malformed_path' });
  expect(siteHeadersOf(answer.headers)).toEqual(SITE_HEADERS);
});

test('hands on a read without its range or its preconditions, which every answer meets by being whole; a cached copy’s ETag stays', async () => {
  const asked = { range: 'bytes=999999-', 'if-range': '"a"', 'if-match': '"nope"', 'if-unmodified-since': 'Thu, 01 Jan 1970 00:00:00 GMT', 'if-none-match': '"kept"' };
  expect((await rawRequest(url, { headers: asked })).status).toBe(200);
  expect(Object.keys(asked).filter((name) => name in passed[0]!.headers)).toEqual(['if-none-match']);
});

test('hands on a path whose escapes are text, and a query as it came', async () => {
  const answer = await rawRequest(url, { path: '/tour/caf%C3%A9%20au%20lait?q=%E0' });
  expect(answer.status).toBe(200);
  expect(passed).toHaveLength(1);
});

test('a redirect Next writes without the site’s headers is given them; one with its own, and an answer that is no redirect, are left as they are', async () => {
  const respelt = await rawRequest(`${url}answered-by-next/respelt`, { headers: { 'x-forwarded-proto': 'https' } });
  expect(respelt.status).toBe(308);
  expect(respelt.headers.location).toBe('/privacy');
  expect(siteHeadersOf(respelt.headers)).toEqual(SITE_HEADERS);
  expect(respelt.headers['strict-transport-security']).toBe(STRICT_TRANSPORT_SECURITY.value);
  const own = await rawRequest(`${url}answered-by-next/redirect-with-headers`);
  expect(own.status).toBe(303);
  expect(own.headers['content-security-policy']).toBe("default-src 'self'");
  expect(own.headers['x-frame-options']).toBeUndefined();
  const notModified = await rawRequest(`${url}answered-by-next/not-modified`);
  expect(notModified.status).toBe(304);
  expect(siteHeadersOf(notModified.headers)).toEqual(Object.fromEntries(Object.keys(SITE_HEADERS).map((name) => [name, undefined])));
});

test('Next’s own error page is not answered at an address of its own: a 404 with the site’s headers and one log line', async () => {
  const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  for (const [method, path] of [['GET', '/_global-error'], ['HEAD', '/_global-error?x=1']] as const) {
    const answer = await rawRequest(`${url}${path.slice(1)}`, { method });
    expect({ path, status: answer.status }).toEqual({ path, status: 404 });
    expect(siteHeadersOf(answer.headers)).toEqual(SITE_HEADERS);
  }
  expect(passed).toEqual([]);
  expect(logged.mock.calls.map(([line]) => JSON.parse(String(line)))).toEqual([
    expect.objectContaining({ event: 'request.refused', status: 404, reason: 'not_a_page', method: 'GET', path: '/_global-error' }),
    expect.objectContaining({ event: 'request.refused', status: 404, reason: 'not_a_page', method: 'HEAD', path: '/_global-error' }),
  ]);
});

test('keeps a tour link’s token out of the log line of a refusal', async () => {
  const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const token = 'T'.repeat(43);
  const answer = await rawRequest(`${url}tour/${token}`, { method: 'POST', headers: { origin: url.slice(0, -1), 'content-type': 'application/json' }, body: '{}' });
  expect(answer.status).toBe(415);
  const line = String(logged.mock.calls[0]![0]);
  expect(line).not.toContain(token);
  expect(JSON.parse(line)).toMatchObject({ path: '/tour/<token>' });
  logged.mockClear();
  await rawRequest(`${url}tour/cancelled`, { method: 'PUT' });
  expect(JSON.parse(String(logged.mock.calls[0]![0]))).toMatchObject({ path: '/tour/cancelled' });
});

describe('the lead endpoint, posted to without an action', () => {
  const own = () => ({ origin: url.slice(0, -1), ...multipart });
  const lead = form([['submission_key', 'k'.repeat(32)], ['full_name', 'Eleanor'], ['email', 'eleanor@example.com']]);

  test.each(['/api/leads/inquiry', '/api/leads/broker'])('hands on a same-origin form posted to %s, its body whole', async (address) => {
    const answer = await rawRequest(`${url.slice(0, -1)}${address}`, { method: 'POST', headers: own(), body: lead, chunked: true });
    expect(answer.status).toBe(200);
    expect(passed).toHaveLength(1);
    expect(passed[0]!.body).toBe(lead);
    expect(passed[0]!.headers['content-length']).toBe(String(Buffer.byteLength(lead)));
  });

  test('hands it on with the hidden fields of the page’s form, whatever action they name: the endpoint reads only the form’s own', async () => {
    const saved = form([[`$ACTION_ID_${'ab'.repeat(21)}`, ''], ['full_name', 'Eleanor']]);
    const answer = await rawRequest(`${url}api/leads/inquiry`, { method: 'POST', headers: own(), body: saved });
    expect(answer.status).toBe(200);
    expect(passed.map(({ body }) => body)).toEqual([saved]);
  });

  const known = form([[`$ACTION_ID_${ONE_ARGUMENT}`, ''], ['full_name', 'Eleanor']]);
  test.each<[string, number, string, string, { headers?: Record<string, string>; body?: string; chunked?: boolean; path?: string }]>([
    ['from another origin', 403, 'cross_origin', '/api/leads/inquiry', { headers: { origin: 'https://elsewhere.example', ...multipart } }],
    ['with no Origin', 403, 'no_origin', '/api/leads/inquiry', { headers: multipart }],
    ['as text/plain', 415, 'not_a_form', '/api/leads/inquiry', { headers: { origin: 'ORIGIN', 'content-type': 'text/plain' }, body: 'full_name=Eleanor' }],
    ['of 65 KB declared', 413, 'body_too_large', '/api/leads/broker', { body: form([['message', 'x'.repeat(66_000)]]) }],
    ['of 65 KB in chunks', 413, 'body_too_large', '/api/leads/broker', { body: form([['message', 'x'.repeat(66_000)]]), chunked: true }],
    ['of 101 parts', 413, 'too_many_parts', '/api/leads/inquiry', { body: form(Array.from({ length: 101 }, (): [string, string] => ['a', ''])) }],
    ['with a Next-Action header, even a known one', 400, 'action_on_endpoint', '/api/leads/inquiry', { headers: { origin: 'ORIGIN', 'next-action': ACTION, ...multipart } }],
    ['with a query', 400, 'query_on_endpoint', '/api/leads/inquiry?x', {}],
    ['with an empty query', 400, 'query_on_endpoint', '/', { path: '/api/leads/broker?' }],
    ['to another form', 404, 'unknown_endpoint', '/api/leads/other', {}],
    ['to another form, naming a known action', 404, 'unknown_endpoint', '/api/leads/other', { body: known }],
    ['to a form with a trailing slash', 404, 'unknown_endpoint', '/api/leads/inquiry/', { body: known }],
    ['to a form in capitals', 404, 'unknown_endpoint', '/API/leads/inquiry', { body: known }],
    ['to a form spelt with an escape', 404, 'unknown_endpoint', '/api/leads/%69nquiry', { body: known }],
    ['to a form with a doubled slash', 404, 'unknown_endpoint', '/api//leads/inquiry', { body: known }],
    ['to a form by way of ..', 404, 'unknown_endpoint', '/', { body: known, path: '/leads/../api/leads/inquiry' }],
    ['to /api/leads itself', 404, 'unknown_endpoint', '/api/leads', { body: known }],
  ])('a post %s is answered %i (%s), with the site’s headers, and nothing handed on', async (_, status, reason, address, request) => {
    const headers = JSON.parse(JSON.stringify(request.headers ?? own()).replace('ORIGIN', url.slice(0, -1)));
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const answer = await rawRequest(`${url.slice(0, -1)}${address}`, { method: 'POST', body: form([['full_name', 'Eleanor']]), ...request, headers });
    expect(answer.status).toBe(status);
    expect(passed).toEqual([]);
    expect(logged).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(logged.mock.calls[0]![0]))).toMatchObject({ event: 'request.refused', status, reason });
    expect(siteHeadersOf(answer.headers)).toEqual(SITE_HEADERS);
  });

  test('a form posted to a page still needs an action it knows, and one that names it is handed on', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect((await rawRequest(`${url}leads/inquiry`, { method: 'POST', headers: own(), body: lead })).status).toBe(400);
    expect((await rawRequest(`${url}?utm_source=x`, { method: 'POST', headers: own(), body: known })).status).toBe(200);
    expect(passed.map(({ body }) => body)).toEqual([known]);
  });
});

describe('a call to an action from a page’s script', () => {
  const call = (action: string, args: string | null, fields: [string, string][] = [['1_full_name', 'Eleanor']]) =>
    rawRequest(url, {
      method: 'POST',
      headers: { origin: url.slice(0, -1), 'next-action': action, ...multipart },
      body: form([...fields, ...(args === null ? [] : [['0', args] as [string, string]])]),
    });

  test('hands on the arguments a form sends: its fields, after its state where the action takes one', async () => {
    const state = { status: 'error', values: { full_name: '$$ a dollar typed first', phone: '' }, errors: { email: ['invalid'] }, answerId: 'a', next: '$undefined', message: null };
    expect((await call(ACTION, JSON.stringify([state, '$K1']))).status).toBe(200);
    expect((await call(ONE_ARGUMENT, '["$K1"]')).status).toBe(200);
    expect((await call(ONE_ARGUMENT, '["$K1"]', [])).status).toBe(200);
    expect(passed).toHaveLength(3);
  });

  const deep = (levels: number) => `[{"a":${'['.repeat(levels)}${']'.repeat(levels)}},"$K1"]`;
  test.each<[string, string, string | null]>([
    ['no arguments at all', ACTION, null],
    ['arguments that are not JSON', ACTION, '['],
    ['empty arguments', ACTION, ''],
    ['null', ACTION, 'null'],
    ['an object', ACTION, '{"0":"$K1"}'],
    ['none', ACTION, '[]'],
    ['the fields alone, to an action that takes a state first', ACTION, '["$K1"]'],
    ['a state, to an action that takes the fields alone', ONE_ARGUMENT, '[{},"$K1"]'],
    ['a state that is null', ACTION, '[null,"$K1"]'],
    ['a state that is a list', ACTION, '[[],"$K1"]'],
    ['a promise where the fields go', ACTION, '[{},"$@1"]'],
    ['text where the fields go', ONE_ARGUMENT, '["x"]'],
    ['a reference to itself', ACTION, '[{"a":"$Q0"},"$K1"]'],
    ['a path through a prototype', ACTION, '[{"then":"$1:__proto__:then"},"$K1"]'],
    ['a server function', ACTION, '[{"a":"$h1"},"$K1"]'],
    ['a date', ACTION, '[{"a":"$D2026-11-29"},"$K1"]'],
    ['a big integer', ACTION, '[{"a":"$n1"},"$K1"]'],
    ['a state nested deeper than any form’s', ACTION, deep(20)],
    ['a state nested 30,000 deep, near the most a body may hold', ACTION, deep(30_000)],
  ])('refuses %s with 400, one log line and the site’s headers', async (_, action, args) => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const answer = await call(action, args);
    expect(answer.status).toBe(400);
    expect(passed).toEqual([]);
    expect(logged.mock.calls.map(([line]) => JSON.parse(String(line)))).toEqual([expect.objectContaining({ event: 'request.refused', status: 400, reason: 'unreadable_arguments' })]);
    expect(siteHeadersOf(answer.headers)).toEqual(SITE_HEADERS);
  });
});

describe('a form posted without JavaScript, as React reads the action it names', () => {
  const post = (fields: [string, string][]) =>
    rawRequest(url, { method: 'POST', headers: { origin: url.slice(0, -1), ...multipart }, body: form([...fields, ['full_name', 'Eleanor']]) });
  /** The hidden fields of a form that keeps a state, as the page renders them, with any of them replaced. */
  const withState = (changes: Record<string, string | null> = {}) =>
    Object.entries({ '$ACTION_REF_3': '', '$ACTION_3:0': JSON.stringify({ id: ACTION, bound: '$@1' }), '$ACTION_3:1': '[{"status":"idle","values":{},"errors":{},"answerId":"","next":"$undefined"}]', '$ACTION_KEY': 'k1', ...changes })
      .filter((entry): entry is [string, string] => entry[1] !== null);

  test('hands on what the site’s forms post: an action that takes the fields alone, and one that takes the state first', async () => {
    expect((await post([[`$ACTION_ID_${ONE_ARGUMENT}`, '']])).status).toBe(200);
    expect((await post(withState())).status).toBe(200);
    expect(passed).toHaveLength(2);
  });

  test.each<[string, string]>([
    ['text that is not JSON', '{"x":'],
    ['null', 'null'],
    ['a list', '[]'],
    ['an id that is no text', '{"id":{"a":1},"bound":"$@1"}'],
  ])('answers a reference that names no action (%s) with 404, never leaving the post without an answer', async (_, reference) => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect((await post(withState({ '$ACTION_3:0': reference }))).status).toBe(404);
    expect(passed).toEqual([]);
  });

  test.each<[string, [string, string][]]>([
    ['the fields alone, to an action that takes a state first', [[`$ACTION_ID_${ACTION}`, '']]],
    ['a state, to an action that takes the fields alone', withState({ '$ACTION_3:0': JSON.stringify({ id: ONE_ARGUMENT, bound: '$@1' }) })],
    ['two actions named', [[`$ACTION_ID_${ONE_ARGUMENT}`, ''], [`$ACTION_ID_${ACTION}`, '']]],
    ['a reference to itself in place of the state', withState({ '$ACTION_3:1': '["$Q0"]' })],
    ['a path through a prototype in the state', withState({ '$ACTION_3:1': '[{"then":"$1:__proto__:then"}]' })],
    ['a state that is null', withState({ '$ACTION_3:1': 'null' })],
    ['two states', withState({ '$ACTION_3:1': '[{},{}]' })],
    ['no state', withState({ '$ACTION_3:1': null })],
    ['a state given twice', [...withState(), ['$ACTION_3:1', '[{}]']]],
    ['another bound value', withState({ '$ACTION_3:0': JSON.stringify({ id: ACTION, bound: '$Q0' }) })],
    ['a bound value of null', withState({ '$ACTION_3:0': JSON.stringify({ id: ACTION, bound: null }) })],
    ['a field of its own beside the reference', withState({ '$ACTION_3:2': '[]' })],
  ])('refuses %s with 400, one log line, and hands nothing on', async (_, fields) => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const answer = await post(fields);
    expect(answer.status).toBe(400);
    expect(passed).toEqual([]);
    expect(logged.mock.calls.map(([line]) => JSON.parse(String(line)))).toEqual([expect.objectContaining({ event: 'request.refused', status: 400, reason: 'unreadable_arguments' })]);
  });
});

test('a fault of the door’s own while it reads a post is a 500 with the site’s headers and one log line, not a post left hanging', async () => {
  // An action list whose one entry cannot be read stands in for a fault of the door's: no request can cause one.
  const actions = Object.defineProperty({}, ACTION, { enumerable: true, get: () => { throw new TypeError('unreadable'); } });
  const door = createFrontDoor({ actions, socketToken: 'token', trustProxy: null });
  const broken = createServer((request, response) => door(request, response, (_, outer) => outer.end('passed')));
  await new Promise<void>((resolve) => broken.listen(0, '127.0.0.1', resolve));
  const address = `http://127.0.0.1:${(broken.address() as AddressInfo).port}/`;
  const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    const answer = await rawRequest(address, { method: 'POST', headers: { origin: address.slice(0, -1), ...multipart }, body: form([[`$ACTION_ID_${ACTION}`, '']]) });
    expect(answer.status).toBe(500);
    expect(siteHeadersOf(answer.headers)).toEqual(SITE_HEADERS);
    expect(logged.mock.calls.map(([line]) => JSON.parse(String(line)))).toEqual([expect.objectContaining({ level: 'error', event: 'request.failed', error: 'TypeError', path: '/' })]);
  } finally {
    await new Promise((resolve) => broken.close(resolve));
  }
});

test('the headers every refusal carries are at least the four the site depends on, under a policy that allows nothing', () => {
  for (const name of ['x-content-type-options', 'content-security-policy', 'x-frame-options', 'referrer-policy']) expect(SITE_HEADERS).toHaveProperty(name);
  expect(PLAIN_TEXT_POLICY).toBe("default-src 'none'; frame-ancestors 'none'");
});

test.each<[number, { method: string; headers?: Record<string, string>; body?: string }]>([
  [405, { method: 'PUT' }],
  [403, { method: 'POST', headers: { origin: 'https://elsewhere.example', ...multipart }, body: form([]) }],
])('adds HSTS to a %i when the request came over https, as next.config.ts does', async (status, request) => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const answer = await rawRequest(url, { ...request, headers: { ...request.headers, 'x-forwarded-proto': 'https' } });
  expect(answer.status).toBe(status);
  expect(siteHeadersOf(answer.headers)).toEqual(SITE_HEADERS);
  expect(answer.headers['strict-transport-security']).toBe(STRICT_TRANSPORT_SECURITY.value);
});

describe('a body far over the limit, still being sent when the door refuses it', () => {
  const EIGHT_MB = 8 * 1024 * 1024;
  const own = () => ({ origin: url.slice(0, -1), ...multipart });

  /**
   * Five posts of 8 MB, one after another, from a client in a process of its own, as a real client is: in this one
   * it would only write while the server waits, and never meet the reset. Each post's status, or its error's code.
   */
  function fivePostsFromAnotherProcess(chunked: boolean): Promise<(number | string)[]> {
    const script = `
      import { postLargeBody } from ${JSON.stringify(pathToFileURL(path.resolve('__tests__/support/raw-request.mjs')).href)};
      const [url, chunked] = [process.argv[1], process.argv[2] === 'chunked'];
      const headers = { origin: new URL(url).origin, 'content-type': ${JSON.stringify(multipart['content-type'])} };
      const answers = [];
      for (let attempt = 0; attempt < 5; attempt++) {
        answers.push(await postLargeBody(url, { size: ${EIGHT_MB}, chunked, headers }).then(({ status, body }) => (body === 'Payload Too Large\\n' ? status : body), (error) => error.code));
      }
      console.log(JSON.stringify(answers));`;
    return new Promise((resolve, reject) => {
      execFile(process.execPath, ['--input-type=module', '-e', script, url, chunked ? 'chunked' : 'length'], (error, stdout) => (error ? reject(error) : resolve(JSON.parse(stdout))));
    });
  }

  test.each([
    ['chunked, with no length', true],
    ['with its Content-Length, sent whole', false],
  ])('%s: the client reads the 413, five times out of five, with no reset', async (_, chunked) => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await fivePostsFromAnotherProcess(chunked)).toEqual([413, 413, 413, 413, 413]);
    expect(passed).toEqual([]);
    expect(logged).toHaveBeenCalledTimes(5);
  });

  /**
   * A client on a raw socket that sends the head of a post, then one byte of body at a time, slowly, until the server
   * closes the connection: it goes on sending after the answer, and after the server has ended its side.
   */
  function trickle(head: string) {
    const { port } = new URL(url);
    return new Promise<{ answer: string; sent: number }>((resolve, reject) => {
      const socket = connect({ port: Number(port), host: '127.0.0.1', allowHalfOpen: true }, () => socket.write(head));
      let answer = '';
      let sent = 0;
      const drip = setInterval(() => socket.write('x', () => sent++), 20);
      socket.setEncoding('latin1');
      socket.on('data', (chunk: string) => (answer += chunk));
      // The server closing the connection, by FIN or by reset, is what ends the test.
      socket.on('close', () => {
        clearInterval(drip);
        resolve({ answer, sent });
      });
      socket.on('error', () => undefined);
      setTimeout(() => reject(new Error('the server still held the connection')), 20_000).unref();
    });
  }

  test('a client that keeps sending a byte at a time is answered, then cut off after the time the door allows', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    linger = { bytes: 16 * 1024 * 1024, ms: 300 };
    const { host } = new URL(url);
    const head = (framing: string) => `POST / HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${url.slice(0, -1)}\r\nContent-Type: ${multipart['content-type']}\r\n${framing}\r\n\r\n`;
    for (const framing of [`Content-Length: ${EIGHT_MB}`, 'Transfer-Encoding: chunked']) {
      // Chunked, the door refuses once it has read past its limit: the client sends that much at once, then slows down.
      const { answer, sent } = await trickle(framing.startsWith('Transfer') ? `${head(framing)}800000\r\n${'x'.repeat(70_000)}` : head(framing));
      expect({ framing, status: answer.split(' ')[1] }).toEqual({ framing, status: '413' });
      // It was still sending when the door closed the connection, having sent far less than it declared.
      expect(sent).toBeGreaterThan(0);
      expect(sent).toBeLessThan(EIGHT_MB);
    }
  });

  test('a client that sends without end is cut off once the door has read as much as it allows', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    linger = { bytes: 1024 * 1024, ms: 60_000 };
    // 64 GB declared: the door reads past its limit of 1 MB, then closes, long before its minute is out (the test's own limit is twenty seconds).
    const answer = await postLargeBody(url, { size: 2 ** 36, headers: own() }).catch((error: NodeJS.ErrnoException) => error);
    // Closed mid-body the client may see the answer or a reset: either way the connection is gone, not held for the minute.
    if (!(answer instanceof Error)) expect(answer.status).toBe(413);
    else expect(['ECONNRESET', 'EPIPE']).toContain(answer.code);
  }, 20_000);
});

describe('what Node would answer itself, or take for a path: answered by the door', () => {
  // A server made as the standalone server makes Next's (server/standalone-server.cjs), with Node's timeouts
  // shortened so that a request whose head never ends is timed out within the test.
  let node: Server;
  let port: number;
  let handedOn: { url: string | undefined; host: string | undefined }[];

  beforeAll(async () => {
    const door = createFrontDoor({ actions: { [ACTION]: 2, [ONE_ARGUMENT]: 1 }, socketToken: 'token', trustProxy: null });
    node = createServer({ ...SERVER_OPTIONS, headersTimeout: 400, requestTimeout: 400, connectionsCheckingInterval: 100 }, (request, response) =>
      door(request, response, (inner, outer) => {
        handedOn.push({ url: inner.url, host: inner.headers.host });
        outer.end('passed');
      }),
    );
    node.on('connect', answerConnect);
    node.on('clientError', answerUnreadable);
    await new Promise<void>((resolve) => node.listen(0, '127.0.0.1', resolve));
    port = (node.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => node.close(resolve)));
  beforeEach(() => (handedOn = []));

  const exchange = (bytes: string) => rawExchange(`http://127.0.0.1:${port}/`, bytes);

  test.each<[string, string, number, string]>([
    ['an HTTP/1.1 request that names no host', 'GET / HTTP/1.1\r\n\r\n', 400, 'no_host'],
    ['a request that names two', 'GET / HTTP/1.1\r\nHost: a.example\r\nHost: b.example\r\n\r\n', 400, 'hosts'],
    ['a host with a path in it', 'GET / HTTP/1.1\r\nHost: a.example/x\r\n\r\n', 400, 'bad_host'],
    ['a host with a space in it', 'GET / HTTP/1.1\r\nHost: a example\r\n\r\n', 400, 'bad_host'],
    ['a list of hosts', 'GET / HTTP/1.1\r\nHost: a.example, b.example\r\n\r\n', 400, 'bad_host'],
    ['an HTTP/1.0 request with a host that is none', 'GET / HTTP/1.0\r\nHost: a@b\r\n\r\n', 400, 'bad_host'],
    ['`*` as the target of a GET', 'GET * HTTP/1.1\r\nHost: a.example\r\n\r\n', 400, 'malformed_target'],
    ['an address of another scheme', 'GET ftp://a.example/ HTTP/1.1\r\nHost: a.example\r\n\r\n', 400, 'malformed_target'],
    ['an address with a port out of range', 'GET http://a.example:99999/ HTTP/1.1\r\nHost: a.example\r\n\r\n', 400, 'malformed_target'],
    ['CONNECT', 'CONNECT a.example:443 HTTP/1.1\r\nHost: a.example:443\r\n\r\n', 405, 'method'],
    ['bytes that are no request', 'NOT HTTP AT ALL\r\n\r\n', 400, 'unreadable_request'],
    ['headers over what Node reads', `GET / HTTP/1.1\r\nHost: a.example\r\nX-Long: ${'a'.repeat(20_000)}\r\n\r\n`, 431, 'unreadable_request'],
    ['a request whose head never ends', 'GET / HTTP/1.1\r\nHost: a.example\r\n', 408, 'request_timeout'],
  ])('answers %s with its status, one JSON log line and the site’s headers, and hands nothing on', async (_, bytes, status, reason) => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const answer = await exchange(bytes);
    expect(answer.status).toBe(status);
    expect(handedOn).toEqual([]);
    expect(logged.mock.calls.map(([line]) => JSON.parse(String(line)))).toEqual([expect.objectContaining({ event: 'request.refused', status, reason })]);
    expect(siteHeadersOf(answer.headers)).toEqual(SITE_HEADERS);
  });

  test('hands on an HTTP/1.0 request that names no host, which that version allows, and every form of host a client may name', async () => {
    const hosts = ['a.example', 'a.example:8080', '127.0.0.1:3000', '[::1]:3000', 'xn--bcher-kva.example'];
    for (const head of ['GET / HTTP/1.0\r\n', ...hosts.map((host) => `GET / HTTP/1.1\r\nHost: ${host}\r\n`)]) {
      expect({ head, status: (await exchange(`${head}Connection: close\r\n\r\n`)).status }).toEqual({ head, status: 200 });
    }
    expect(handedOn.map(({ host }) => host)).toEqual([undefined, ...hosts]);
  });

  test('takes a whole address as the target for its path and query, its authority for the host, and never sends a visitor to it', async () => {
    for (const target of ['http://elsewhere.example/privacy?view=1', 'HTTPS://elsewhere.example//x', 'http://elsewhere.example']) {
      expect((await exchange(`GET ${target} HTTP/1.1\r\nHost: a.example\r\nConnection: close\r\n\r\n`)).status).toBe(200);
    }
    expect(handedOn).toEqual([
      { url: '/privacy?view=1', host: 'elsewhere.example' },
      { url: '//x', host: 'elsewhere.example' },
      { url: '/', host: 'elsewhere.example' },
    ]);
  });
});
