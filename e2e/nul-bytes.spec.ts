import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import type { PostgrestStack } from '@/__tests__/support/postgrest-stack';
import { multipartBody } from '@/__tests__/support/no-js-form.mjs';
import { rawRequest } from '@/__tests__/support/raw-request.mjs';
import { openTimes } from '@/lib/tours/slots';
import { DEFAULT_TOUR_SETTINGS } from '@/lib/tours/types';
import { AVA, JULIEN, MARCUS, NADIA, openSession, withSession, type Person } from './support/accounts';
import { expect, test } from './support/fixtures';
import { listEstates, publishTerms } from './support/portal';

// Text PostgreSQL cannot hold (U+0000) in every query parameter of every page, and in every field of every form, for
// the team (an owner and a member), a broker and nobody signed in: each is answered as the page or action answers
// other bad input (its normal or refused state, a field's error, a 4xx), never a 5xx, with no error in the log and
// nothing of it stored.
//
// Where the lists come from: the pages and downloads are the files under app/ (each must be walked); a page's query
// parameters are those its code reads (found in its source) and those its own links and get-forms carry; a form's
// fields are every named input, select, textarea and button of every form the page renders, read from the page as a
// browser without JavaScript has it. A new page, parameter or field is walked without a change here.

/** The site's time zone when SITE_TIME_ZONE is not set, as the fixtures' server runs. */
const TIME_ZONE = 'America/New_York';
/** Typed into a field or a parameter with a U+0000 inside: found nowhere afterwards, in whatever spelling. */
const MARKED = 'nul\u0000mark';
const MARK_FOUND = /nul.{0,8}mark/i;
/** As a query carries them: the byte alone, and inside a word. */
const QUERY_VALUES = ['%00', 'nul%00mark'];

/**
 * A field of each kind of form, named as its action reads it, that the walk must have reached (the walk itself takes
 * its fields from the rendered forms): lib/admin/actions.ts, team-actions.ts, portal-forms.ts,
 * registration-actions.ts, tour-actions.ts; lib/tours/settings.ts; lib/portal/actions.ts, registrations.ts,
 * tour-actions.ts; lib/auth/actions.ts; lib/tours/booking.ts; lib/leads/forms.ts.
 */
const FIELDS_OF_EVERY_KIND = [
  ...['field', 'value', 'body', 'decision', 'change', 'email', 'confirm'],
  ...['name', 'role', 'phone', 'account', 'lot', 'listPrice', 'reason', 'mondayOpen', 'closedDates', 'tour', 'host', 'from'],
  ...['version', 'fullName', 'note', 'id', 'registration', 'startsAt'],
  ...['intent', 'code', 'session', 'token', 'full_name', 'license_number'],
];

/** `new owner`: an owner ADMIN_EMAILS made, named after their address, still to be asked their name (/sign-in/name). */
type Who = 'owner' | 'member' | 'broker' | 'gated broker' | 'new owner' | 'nobody';
const PEOPLE: Record<Exclude<Who, 'nobody'>, Person> = {
  owner: AVA,
  member: JULIEN,
  broker: MARCUS,
  'gated broker': NADIA,
  'new owner': { email: 'owner@aldercrest.example', name: 'Owner', role: 'owner' },
};

const accountId = async (stack: PostgrestStack, person: Person) => {
  await openSession(stack, person);
  return (await stack.query<{ id: string }>('select id from private.accounts where email = $1', [person.email]))[0]!.id;
};

/** A tour link of an inquiry, by a token of our own (the database keeps its SHA-256), booked at `startsAt` when given. */
async function tourLink(stack: PostgrestStack, buyer: string, startsAt?: string): Promise<{ lead: string; token: string }> {
  const [lead] = await stack.query<{ id: string }>("insert into prospect_inquiries (full_name, email, created_at) values ($1, $2, now() - interval '1 day') returning id", [
    buyer,
    `${buyer.split(' ')[0]!.toLowerCase()}@example.com`,
  ]);
  const token = randomBytes(32).toString('base64url');
  const hash = createHash('sha256').update(token).digest('hex');
  await stack.query('select public.issue_tour_link(gen_random_uuid(), $1, $2, now())', [lead!.id, hash]);
  if (startsAt) await stack.query('select public.book_tour_by_link($1, $2, $3, now())', [hash, startsAt, TIME_ZONE]);
  return { lead: lead!.id, token };
}

/**
 * Something on every page for each of its forms to show: estates and terms, two approved brokers (one past the terms,
 * one not), a broker's request waiting, inquiries with tour links (one booked), and the broker's clients (one in its
 * last days and booked, one new and holding a lot, one under review).
 */
async function seed(stack: PostgrestStack) {
  await stack.reset();
  await listEstates(stack);
  await publishTerms(stack);
  const owner = await accountId(stack, AVA);
  await accountId(stack, JULIEN);
  const leads: Record<string, string> = {};
  for (const person of [MARCUS, NADIA]) {
    const [lead] = await stack.query<{ id: string }>('insert into broker_requests (full_name, email, brokerage) values ($1, $2, $3) returning id', [person.name, person.email, person.brokerage]);
    await stack.query("select public.decide_broker($1, $2, 'approved', false, gen_random_uuid(), encode(sha256(convert_to(gen_random_uuid()::text, 'UTF8')), 'hex'), now())", [owner, lead!.id]);
    leads[person.email] = lead!.id;
  }
  const marcus = await accountId(stack, MARCUS);
  await stack.query('select public.terms_accept($1, 1, now())', [marcus]);
  const [waiting] = await stack.query<{ id: string }>("insert into broker_requests (full_name, email, brokerage) values ('Priya Nair', 'priya@nair.example', 'Nair Homes') returning id");
  const [first, second] = openTimes({ settings: DEFAULT_TOUR_SETTINGS, booked: [], now: new Date(), timeZone: TIME_ZONE }).filter((day) => day.times.length >= 2);
  const open = await tourLink(stack, 'Eleanor Whitfield');
  const booked = await tourLink(stack, 'Theo Lindqvist', first!.times[0]!.startsAt);
  const register = async (name: string, email: string, daysAgo: number) =>
    (await stack.query<{ r: { id: string } }>('select public.register_buyer($1, $2, $3, null, null, now() - make_interval(days => $4)) as r', [marcus, name, email, daysAgo]))[0]!.r.id;
  const ending = await register('Grace Holloway', 'grace@holloway.example', 80);
  await stack.query('select public.book_tour_for_registration($1, $2, $3, $4, now())', [marcus, ending, second!.times[1]!.startsAt, TIME_ZONE]);
  const fresh = await register('Henry Adeyemi', 'henry@adeyemi.example', 0);
  const underReview = await register('Eleanor Whitfield', 'eleanor@example.com', 0);
  // A lot held for the new client, so that the lot's page shows a claim and its forms.
  const [lot] = await stack.query<{ id: string }>("select id from private.estates where status = 'available' order by lot limit 1");
  await stack.query('select public.place_hold($1, $2, $3, null, now())', [marcus, lot!.id, fresh]);
  return { heldLot: lot!.id, inquiry: open.lead, openToken: open.token, bookedToken: booked.token, brokerLead: leads[MARCUS.email]!, waiting: waiting!.id, ending, fresh, underReview };
}
type Seeded = Awaited<ReturnType<typeof seed>>;

/** What a person does on a page before its forms are read: a form shown only after a first answer. */
type Step = (page: Page) => Promise<void>;

/** The sign-in page's second step: the code, once an address has been sent. */
const askForCode: Step = async (page) => {
  await page.getByLabel('Email address').fill(AVA.email);
  await page.getByRole('button', { name: 'SEND A CODE' }).click();
  await expect(page.getByLabel('Code from the email')).toBeVisible();
};

/** Every address each person walks: every page and download of the site (the list is checked against app/ below). */
function visits(seeded: Seeded): [Who, string, string, Step?][] {
  const team: [string, string][] = [
    ['/admin', '/admin'],
    ['/admin/leads/[id]', `/admin/leads/${seeded.inquiry}`],
    ['/admin/leads/[id]', `/admin/leads/${seeded.brokerLead}`],
    ['/admin/leads/[id]', `/admin/leads/${seeded.waiting}`],
    ['/admin/registrations', '/admin/registrations'],
    ['/admin/registrations/[id]', `/admin/registrations/${seeded.underReview}`],
    ['/admin/tours', '/admin/tours'],
    ['/admin/insights', '/admin/insights?period=4w&sort=tours'],
    ['/admin/insights/csv/[figure]', '/admin/insights/csv/leads?period=4w'],
    ['/admin/team', '/admin/team'],
    ['/admin/brokers', '/admin/brokers'],
    ['/admin/estates', '/admin/estates'],
    ['/admin/estates/[id]', `/admin/estates/${seeded.heldLot}`],
    ['/admin/terms', '/admin/terms'],
    ['/admin/erase', '/admin/erase'],
    ['/admin/export/[form]', '/admin/export/inquiry'],
    ['/account', '/account'],
    ['/portal', '/portal'],
    // Answered already: straight on to where they were going.
    ['/sign-in/name', '/sign-in/name'],
  ];
  const broker: [string, string][] = [
    ['/portal', '/portal'],
    ['/portal/registrations/[id]', `/portal/registrations/${seeded.ending}`],
    ['/portal/registrations/[id]', `/portal/registrations/${seeded.fresh}`],
    ['/portal/[document]', '/portal/price-list.pdf'],
    ['/portal/[document]', '/portal/brochure.pdf'],
    ['/account', '/account'],
  ];
  const nobody: [string, string, Step?][] = [
    ['/', '/'],
    ['/privacy', '/privacy'],
    ['/sign-in', '/sign-in'],
    ['/sign-in', '/sign-in', askForCode],
    ['/sign-in/link', '/sign-in/link'],
    ['/tour/[token]', `/tour/${seeded.openToken}`],
    ['/tour/[token]', `/tour/${seeded.bookedToken}`],
    ['/tour/cancelled', '/tour/cancelled'],
  ];
  return [
    ...(['owner', 'member'] as const).flatMap((who) => team.map(([route, url]): [Who, string, string] => [who, route, url])),
    ...broker.map(([route, url]): [Who, string, string] => ['broker', route, url]),
    ['gated broker', '/portal', '/portal'],
    ['new owner', '/sign-in/name', '/sign-in/name'],
    ...nobody.map(([route, url, step]): [Who, string, string, Step?] => ['nobody', route, url, step]),
  ];
}

/** A route that answers a file (a PDF, a CSV), which a browser downloads rather than opens: no forms, no links. */
const isDownload = (route: string) => route.includes('[document]') || route.includes('/export/') || route.includes('/csv/');

/** Each page's and download's route, from the files under app/ (the API's routes aside: posts, with tests of their own). */
function routesOfApp(): Map<string, string[]> {
  const routes = new Map<string, string[]>();
  const walk = (directory: string) => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      const file = path.join(directory, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/^(page\.tsx|route\.ts)$/.test(entry.name)) {
        const route = `/${path.relative('app', directory)}`.split(path.sep).join('/').replace(/\/\([^)]+\)/g, '').replace(/\/$/, '') || '/';
        if (!route.startsWith('/api')) routes.set(route, [file]);
      }
    }
  };
  walk('app');
  // The inbox reads its filters in lib/admin/inbox.ts.
  routes.get('/admin')!.push('lib/admin/inbox.ts');
  return routes;
}

/** The query parameters a route's code reads: `query.name`, `query['name']`, `'name' in query`, `(await searchParams).name`. */
function parametersIn(files: string[]): string[] {
  const names = new Set<string>();
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/\bquery\.(\w+)|\bquery\['([\w-]+)'\]|'([\w-]+)' in query\b|searchParams\)\.(\w+)/g)) names.add(match.slice(1).find(Boolean)!);
  }
  return [...names];
}

const sessions = (stack: PostgrestStack) => async (who: Who) => {
  if (who === 'nobody') return {};
  const token = await openSession(stack, PEOPLE[who]);
  // Each of their sessions finds the question open, whatever an earlier post answered.
  if (who === 'new owner') await stack.query('update private.accounts set ask_name = true where email = $1', [PEOPLE[who].email]);
  return withSession(token);
};

/** A page's main heading, as text. */
const headingOf = (html: string) => /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<[^>]+>/g, '').trim() ?? null;

/** The forms of a page as a browser without JavaScript sees them: where each posts, what it sends as it stands, and every field's name. */
async function formsOn(browser: Browser, baseURL: string, headers: Record<string, string>, url: string, step?: Step) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, extraHTTPHeaders: headers });
  const page = await context.newPage();
  await page.goto(url);
  await step?.(page);
  const found = await page.evaluate(() => ({
    forms: [...document.forms].map((form) => {
      const submitter = form.querySelector<HTMLButtonElement>('button[name]:not([type=button]):not([type=reset])');
      const names = [...form.elements].map((element) => (element as HTMLInputElement).name).filter(Boolean);
      return {
        method: form.method,
        action: new URL(form.action).pathname,
        entries: [...new FormData(form, submitter)].filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
        names: [...new Set(names)],
      };
    }),
    // The page's own links that carry a query: the parameters it makes itself.
    linked: [...document.querySelectorAll<HTMLAnchorElement>('a[href*="?"]')].map((link) => new URL(link.href)).map((address) => ({ path: address.pathname, names: [...address.searchParams.keys()] })),
  }));
  await context.close();
  return found;
}

/** Every line the server printed: each one JSON object, none an error's, none with what was typed. */
function expectCleanLog(lines: string[]) {
  const bad = lines.filter((line) => {
    try {
      JSON.parse(line);
    } catch {
      return true;
    }
    return /"level":"error"/.test(line) || MARK_FOUND.test(line) || line.includes('\\u0000');
  });
  expect(bad).toEqual([]);
}

/**
 * The lines the server printed since `start`, every one of them: a last request whose line comes after all the others
 * (an unknown document, refused before anything else) is waited for.
 */
async function linesSince(server: { output(): string }, baseURL: string, start: number): Promise<string[]> {
  const lines = () => server.output().slice(start).split('\n').filter(Boolean);
  const before = lines().filter((line) => line.includes('"reason":"unknown_document"')).length;
  expect((await rawRequest(`${baseURL}/portal/end-of-walk`)).status).toBe(404);
  await expect.poll(() => lines().filter((line) => line.includes('"reason":"unknown_document"')).length).toBe(before + 1);
  return lines();
}

/** Whatever any table holds, as JSON: nothing with the mark, however it might have been spelt on its way in. */
async function expectNothingStored(stack: PostgrestStack) {
  const tables = await stack.query<{ name: string }>("select format('%I.%I', table_schema, table_name) as name from information_schema.tables where table_schema in ('public', 'private') and table_type = 'BASE TABLE'");
  const found: string[] = [];
  for (const { name } of tables) {
    for (const { row } of await stack.query<{ row: string }>(`select row_to_json(t)::text as row from ${name} t`)) if (MARK_FOUND.test(row)) found.push(`${name}: ${row.slice(0, 200)}`);
  }
  expect(found).toEqual([]);
}

test.afterAll(async ({ stack }) => stack.reset());

test('every query parameter of every page, and every part of its address, with U+0000: its normal or refused state, never a 5xx', async ({ browser, baseURL, stack, server }) => {
  test.setTimeout(600_000);
  const seeded = await seed(stack);
  const sessionOf = sessions(stack);
  const routes = routesOfApp();
  const walked = visits(seeded);
  // Every page and download of the site is walked.
  expect([...routes.keys()].filter((route) => !walked.some(([, walkedRoute]) => walkedRoute === route))).toEqual([]);
  // The scan of the code finds what the pages are known to read (so that a scan gone blind fails here, not silently).
  expect(parametersIn(routes.get('/admin')!)).toEqual(expect.arrayContaining(['form', 'page', 'status', 'owner', 'q']));
  expect(parametersIn(routes.get('/sign-in')!)).toEqual(expect.arrayContaining(['next', 'signed-out']));

  const start = server.output().length;
  const failures: string[] = [];
  let refusals = 0;
  for (const [who, route, url, step] of walked) {
    // The query is the page's, whatever was done on it.
    if (step) continue;
    const headers = await sessionOf(who);
    // Those the code reads, and those the page itself puts in its links and its forms that get.
    const rendered = isDownload(route) ? { forms: [], linked: [] } : await formsOn(browser, baseURL!, headers, url);
    const names = new Set([
      ...parametersIn(routes.get(route)!),
      ...rendered.linked.filter((link) => link.path === url).flatMap((link) => link.names),
      ...rendered.forms.filter((form) => form.method === 'get' && form.action === url).flatMap((form) => form.names),
    ]);
    const bare = await rawRequest(`${baseURL}${url}`, { headers });
    expect(bare.status, `${who} ${url}`).toBeLessThan(400);
    // Each parameter alone, in each spelling; then all at once; a route that reads none is given one it does not know.
    const queries = names.size
      ? [...[...names].flatMap((name) => QUERY_VALUES.map((value) => `${encodeURIComponent(name)}=${value}`)), [...names].map((name) => `${encodeURIComponent(name)}=%00`).join('&')]
      : ['unknown=%00'];
    const readsQuery = parametersIn(routes.get(route)!).length > 0;
    for (const query of queries) {
      const answer = await rawRequest(`${baseURL}${url}?${query}`, { headers });
      // The page as it is without the query (its normal state, or the refused state its heading shares), or the same redirect.
      const same = answer.status === bare.status && (answer.status !== 200 || headingOf(answer.body) === headingOf(bare.body)) && answer.headers.location === bare.headers.location;
      if (answer.status >= 500 || !same) failures.push(`${who} ${url}?${query} → ${answer.status} (bare ${bare.status}) ${headingOf(answer.body)} / ${headingOf(bare.body)}`);
      if (readsQuery) refusals++;
    }
  }
  // A part of the address that is no id, token, form or document: the 404 or the page saying the link is gone.
  const owner = await sessionOf('owner');
  const broker = await sessionOf('broker');
  for (const [headers, prefix, status] of [
    [owner, '/admin/leads/', 404],
    [owner, '/admin/registrations/', 404],
    [owner, '/admin/export/', 404],
    [broker, '/portal/registrations/', 404],
    [broker, '/portal/', 404],
    [{}, '/tour/', 404],
  ] as const) {
    for (const value of QUERY_VALUES) {
      const answer = await rawRequest(`${baseURL}${prefix}${value}`, { headers });
      if (answer.status !== status) failures.push(`${prefix}${value} → ${answer.status}`);
    }
  }
  expect(failures).toEqual([]);
  const lines = await linesSince(server, baseURL!, start);
  // Each request to a page with such a parameter is one warning, naming the parameters and nothing typed.
  expect(lines.filter((line) => /"level":"warn".*"reason":"unstorable_text"/.test(line)).length).toBe(refusals);
  expectCleanLog(lines);
  await expectNothingStored(stack);
});

test('every field of every form, posted without JavaScript with U+0000 in it, is answered as other bad input, never a 5xx, and stores nothing', async ({ browser, baseURL, stack, server }) => {
  test.setTimeout(600_000);
  const seeded = await seed(stack);
  const sessionOf = sessions(stack);
  const start = server.output().length;
  const failures: string[] = [];
  const walkedForms = new Set<string>();
  const walkedFields = new Set<string>();
  let posts = 0;
  const BOUNDARY = '----aldercrestNul';
  for (const [who, route, url, step] of visits(seeded)) {
    if (isDownload(route)) continue;
    const { forms } = await formsOn(browser, baseURL!, await sessionOf(who), url, step);
    for (const form of forms.filter((each) => each.method === 'post')) {
      // One of each kind, walked by the first who sees it: the sign-out button of every page, a list's row forms, the
      // owner's forms as a member sees them, differ in nothing but their values.
      const kind = `${form.action === url ? '' : form.action} ${form.names.join(' ')}`;
      if (walkedForms.has(kind)) continue;
      walkedForms.add(kind);
      for (const name of form.names) {
        walkedFields.add(name);
        // The form as the page sent it, this field marked (added where the page sends nothing for it, a box not ticked).
        const entries = form.entries.some(([entry]) => entry === name)
          ? form.entries.map(([entry, sent]): [string, string] => [entry, entry === name ? MARKED : sent])
          : [...form.entries, [name, MARKED] as [string, string]];
        // A session of its own: a form may sign out, or end every session, as it would for other input it ignores.
        const answer = await rawRequest(`${baseURL}${form.action}`, {
          method: 'POST',
          headers: { ...(await sessionOf(who)), origin: baseURL!, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
          body: multipartBody(entries, BOUNDARY),
        });
        posts++;
        if (answer.status >= 500) failures.push(`${who} ${url} ${form.action} [${name}] → ${answer.status}`);
      }
    }
  }
  expect(failures).toEqual([]);
  // The walk reached the forms of every kind of page (a field of each, as its action reads it): the inbox's, the team's,
  // the estates', the terms', the tours', the portal's, the account's, signing in, the buyer's tour page and the home page.
  expect([...walkedFields]).toEqual(expect.arrayContaining(FIELDS_OF_EVERY_KIND));
  // 249 posts at the last count: fewer since an estate's forms moved from the list, where each estate's were walked
  // (React numbers each form's action fields, so no two rows' forms looked alike), to that estate's page.
  expect(posts).toBeGreaterThan(240);
  expectCleanLog(await linesSince(server, baseURL!, start));
  await expectNothingStored(stack);
});
