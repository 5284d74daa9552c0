import { rawRequest } from '@/__tests__/support/raw-request.mjs';
import { AVA, MARCUS, openSession, withSession } from './support/accounts';
import { listEstates, publishTerms } from './support/portal';
import { expect, test } from './support/fixtures';
import { sweep } from './support/sweep';

// Every page a signed-in person or a visitor can ask for, with what a hand-made address can put in its query and
// its path, and with request headers Next gives a meaning: each is answered as a page, a redirect or a refusal (never
// a server error), with the site's headers.

/** What a query's value can be, as it is written in the address. */
const VALUES = ['', 'x', '-1', '0', '1.5', '1e309', '9'.repeat(400), '%00', '%ED%A0%80', '%FF', '%E0%A4%A', '__proto__', 'constructor', '%3Cscript%3E', 'a'.repeat(600), '%20%0A', '..%2F..%2F', 'null', 'true', '[]', '%7B%7D'];
/** Every name a page of the site reads from its query, and two it does not. */
const KEYS = ['saved', 'refused', 'token', 'erased', 'renewal', 'lead', 'tour', 'step', 'status', 'page', 'notice', 'next', 'from', 'form', 'done', '__proto__', 'hasOwnProperty'];
/** What a hand-made address can put where a page expects an id. */
const IDS = ['00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff', 'abc', '1', '-1', '9'.repeat(300), '%00', '%20', '__proto__', 'constructor', '..', '%2E%2E%2Fadmin', 'price-list.pdf%00', 'BROCHURE.PDF'];

const TEAM_PAGES = ['/admin', '/admin/registrations', '/admin/tours', '/admin/insights', '/admin/team', '/admin/brokers', '/admin/estates', '/admin/terms', '/admin/erase', '/account'];
const TEAM_IDS = ['/admin/leads/', '/admin/registrations/', '/admin/export/'];
const BROKER_PAGES = ['/portal', '/account'];
const BROKER_IDS = ['/portal/registrations/', '/portal/'];
const PUBLIC_PAGES = ['/', '/privacy', '/sign-in', '/sign-in/link', '/tour/cancelled'];
const PUBLIC_IDS = ['/tour/'];

/** Requests in flight at once. */
const SWEEP_WIDTH = 4;

const queries = () => [
  ...VALUES.map((value) => KEYS.map((key) => `${key}=${value}`).join('&')),
  ...VALUES.map((value) => KEYS.map((key) => `${key}=${value}&${key}=${value}x`).join('&')),
  ...VALUES.map((value) => KEYS.map((key) => `${key}%5B%5D=${value}`).join('&')),
];

// What the sweep changed (accounts, sessions, estates, terms) is no later test's starting point.
test.afterAll(async ({ stack }) => stack.reset());

test('every page answers an odd query or id as a page, a redirect or a refusal, with the site’s headers', async ({ baseURL, stack }) => {
  test.setTimeout(600_000);
  await stack.reset();
  await listEstates(stack);
  await publishTerms(stack);
  const team = withSession(await openSession(stack, AVA));
  const broker = withSession(await openSession(stack, MARCUS));
  const asked: [string, Record<string, string>][] = [];
  for (const [pages, ids, headers] of [
    [TEAM_PAGES, TEAM_IDS, team],
    [BROKER_PAGES, BROKER_IDS, broker],
    [PUBLIC_PAGES, PUBLIC_IDS, {}],
    [TEAM_PAGES, TEAM_IDS, broker],
    [BROKER_PAGES, BROKER_IDS, {}],
  ] as const) {
    for (const page of pages) for (const query of queries()) asked.push([`${page}?${query}`, headers]);
    for (const base of ids) for (const id of IDS) for (const query of ['', queries()[1]!]) asked.push([`${base}${id}${query ? `?${query}` : ''}`, headers]);
  }
  const failures: string[] = [];
  await sweep(asked.flatMap(([path, headers]) => ['GET', 'HEAD'].map((method) => ({ method, path, headers }))), SWEEP_WIDTH, async ({ method, path, headers }) => {
    const answer = await rawRequest(`${baseURL}/`, { method, path, headers });
    const missing = ['x-content-type-options', 'content-security-policy', 'x-frame-options', 'referrer-policy'].filter((name) => !answer.headers[name]);
    if (answer.status >= 500 || missing.length > 0) failures.push(`${method} ${path.slice(0, 160)} ${answer.status} ${missing.join(',')}`);
  });
  expect(failures).toEqual([]);
  expect(asked.length).toBeGreaterThan(1000);
});

// An id is the same id in capitals (RFC 9562): the lot's page compared it with the lots' ids as text, and answered 404.
test('a record’s id written in capitals opens its page, as it does in lower case', async ({ baseURL, stack }) => {
  await stack.reset();
  await listEstates(stack);
  const team = withSession(await openSession(stack, AVA));
  const [lot] = await stack.query<{ id: string }>("select id from private.estates where lot = 'Lot 1'");
  for (const id of [lot!.id, lot!.id.toUpperCase()]) {
    const answer = await rawRequest(`${baseURL}/`, { path: `/admin/estates/${id}`, headers: team });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('Lot 1');
  }
});

/** Request headers Next or the browser give a meaning, and some of Next's own that no client should send. */
const HEADER_NAMES = [
  'rsc', 'next-router-state-tree', 'next-router-prefetch', 'next-router-segment-prefetch', 'next-url', 'next-action',
  'x-middleware-subrequest', 'x-middleware-prefetch', 'x-nextjs-data', 'x-invoke-path', 'x-invoke-query', 'x-invoke-status',
  'x-invoke-error', 'x-now-route-matches', 'x-matched-path', 'x-middleware-rewrite', 'x-nextjs-rewrite', 'next-resume',
  'x-prerender-revalidate', 'x-next-cache-tags', 'x-deployment-id', 'x-nextjs-prerender', 'purpose', 'sec-purpose',
  'x-forwarded-proto', 'x-forwarded-host', 'cookie', 'accept', 'accept-language', 'accept-encoding', 'content-type',
];
/** What such a header can hold: Next's own words among them, the proxy's name repeated as an old bypass did. */
const HEADER_VALUES = ['1', '', '%', '["",{"children":["__PAGE__",{}]},null,null,true]', 'x'.repeat(4000), '/admin', 'proxy:proxy:proxy:proxy:proxy', 'middleware:middleware:middleware:middleware:middleware'];
const PRIVATE = /^\/(admin|portal|account)(\/|$)/;

test('every page answers odd request headers with a page, a redirect or a refusal, and a private page never opens to a stranger', async ({ baseURL }) => {
  test.setTimeout(600_000);
  const failures: string[] = [];
  let asked = 0;
  const pages = ['/', '/privacy', '/sign-in', '/tour/cancelled', '/tour/none', '/api/health', '/admin', '/admin/leads/1', '/admin/export/inquiry', '/portal', '/account'];
  const requests = pages.flatMap((page) => HEADER_NAMES.flatMap((name) => HEADER_VALUES.map((value) => ({ page, name, value }))));
  await sweep(requests, SWEEP_WIDTH, async ({ page, name, value }) => {
    asked++;
    const answer = await rawRequest(`${baseURL}${page}`, { headers: { [name]: value } });
    const missing = ['x-content-type-options', 'content-security-policy', 'x-frame-options', 'referrer-policy'].filter((header) => !answer.headers[header]);
    const opened = PRIVATE.test(page) && answer.status < 300;
    const away = /^(?:[a-z][a-z0-9+.-]*:|\/\/|\/\\)/i.test(String(answer.headers.location ?? ''));
    if (answer.status >= 500 || missing.length > 0 || opened || away) {
      failures.push(`${page} ${name}: ${value.slice(0, 40)} → ${answer.status} ${answer.headers.location ?? ''} ${missing.join(',')}`);
    }
  });
  expect(failures).toEqual([]);
  expect(asked).toBeGreaterThan(2500);
});
