// The team's figures over a store the size of a few years' selling: 100,000 leads, 20,000 tours and 60 estates,
// written in a few set-based statements, on the embedded store and on Supabase's (PostgreSQL behind PostgREST, the
// tests' own stack). Each store's server answers /admin and /admin/insights alternately; the figures are each
// page's median time to its last byte, and the insights page's against the inbox's on the same data. The page is
// also read for its scripts: none may be its own.
import path from 'node:path';
import { build } from 'esbuild';
import { PGlite } from '@electric-sql/pglite';
import { addAccount, listEstates, sessionCookie } from './seed.mjs';
import { median } from './stats.mjs';

export const INSIGHT_DATA = { leads: 100_000, brokerRequests: 10_000, tours: 20_000, answered: 40_000 };
const PAGES = ['/admin', '/admin/insights', '/admin/insights?period=12m'];

/**
 * The store's rows, through any client with `query(sql, params)` answering `{ rows }`: an owner with a session, 60
 * estates, the leads over the last year (a tenth of them broker requests), the team's first answer to some, and
 * tours on twenty seats, a fifth of them cancelled. Returns the owner's cookie.
 */
export async function seedInsights(db) {
  const owner = await addAccount(db, 'bench-owner@aldercrest.example', 'Bench Owner', 'owner');
  await listEstates(db, owner);
  const inquiries = INSIGHT_DATA.leads - INSIGHT_DATA.brokerRequests;
  await db.query(
    `insert into public.prospect_inquiries (full_name, email, created_at, utm_source)
     select 'Buyer ' || n, 'buyer' || n || '@example.com', now() - make_interval(secs => n * 315),
       (array['instagram', 'newsletter', 'google', 'partner', null, null])[1 + n % 6]
     from generate_series(1, $1) as n`,
    [inquiries],
  );
  await db.query(
    `insert into public.broker_requests (full_name, email, brokerage, created_at)
     select 'Agent ' || n, 'agent' || n || '@realty.example', 'Realty ' || n % 400, now() - make_interval(secs => n * 3150)
     from generate_series(1, $1) as n`,
    [INSIGHT_DATA.brokerRequests],
  );
  await db.query(
    `insert into private.lead_activity (lead_id, at, actor, action, from_value, to_value)
     select i.id, i.created_at + make_interval(mins => 20 + (row_number() over (order by i.created_at))::integer % 2000), 'Bench Owner', 'status', 'new', 'contacted'
     from (select id, created_at from public.prospect_inquiries order by created_at limit $1) i`,
    [INSIGHT_DATA.answered],
  );
  // A tour for a fifth of the inquiries: twenty seats, three a day on each (at 10, 12 and 14 o'clock), over the year.
  await db.query(
    `insert into private.tours (lead_id, starts_at, ends_at, blocked_until, time_zone, status, seat, created_at, changed_at)
     select i.id, s.slot, s.slot + interval '1 hour', s.slot + interval '90 minutes', 'America/New_York',
       case when i.n % 5 = 0 then 'cancelled' else 'booked' end, 1 + i.n % 20, s.slot - interval '3 days', s.slot - interval '2 days'
     from (select id, row_number() over (order by created_at) - 1 as n from public.prospect_inquiries order by created_at limit $1) i,
     lateral (
       select date_trunc('day', now() - interval '340 days') + (i.n / 60) * interval '1 day' + (10 + ((i.n / 20) % 3) * 2) * interval '1 hour' as slot
     ) s`,
    [INSIGHT_DATA.tours],
  );
  await db.query('analyze');
  return sessionCookie(db, owner, true);
}

/** The embedded store's rows, written into a data directory a server has created and is not running on. */
export async function seedEmbeddedInsights(dataDir) {
  const db = await PGlite.create(path.join(dataDir, 'pgdata'));
  try {
    return await seedInsights(db);
  } finally {
    await db.close();
  }
}

/**
 * The tests' PostgreSQL-and-PostgREST stack (__tests__/support/postgrest-stack.ts), compiled for this run; its
 * database seeded through a client of its own. Returns the stack and the owner's cookie.
 */
export async function startSeededStack() {
  const outfile = path.join(process.cwd(), 'node_modules/.cache/bench/postgrest-stack.mjs');
  await build({ entryPoints: ['__tests__/support/postgrest-stack.ts'], bundle: true, platform: 'node', format: 'esm', packages: 'external', outfile, logLevel: 'warning' });
  const { startPostgrestStack } = await import(outfile);
  const stack = await startPostgrestStack();
  const client = { query: async (sql, params) => ({ rows: await stack.query(sql, params) }) };
  const cookie = await seedInsights(client);
  return { stack, cookie };
}

const scriptsOf = (html) => [...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1]);

/** One page to its last byte: its time and its HTML; anything but a 200 stops the bench. */
async function timed(url, cookie) {
  const started = performance.now();
  const response = await fetch(url, { headers: { cookie }, redirect: 'manual' });
  const html = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`${url}: ${response.status}, not the page`);
  return { ms, html };
}

/** Each page `runs` times after one view each, in turn, so that a noisy moment falls on all of them. */
export async function measureInsights(base, cookie, runs) {
  const times = Object.fromEntries(PAGES.map((page) => [page, []]));
  const html = {};
  for (const page of PAGES) html[page] = (await timed(`${base}${page}`, cookie)).html;
  for (let run = 0; run < runs; run++) {
    for (const page of run % 2 ? [...PAGES].reverse() : PAGES) times[page].push((await timed(`${base}${page}`, cookie)).ms);
  }
  const inbox = new Set(scriptsOf(html['/admin']));
  const pages = Object.fromEntries(PAGES.map((page) => [page, { medianMs: Math.round(median(times[page])), maxMs: Math.round(Math.max(...times[page])) }]));
  return {
    runs,
    pages,
    ratio: Number((pages['/admin/insights'].medianMs / pages['/admin'].medianMs).toFixed(2)),
    ratioYear: Number((pages['/admin/insights?period=12m'].medianMs / pages['/admin'].medianMs).toFixed(2)),
    ownScripts: scriptsOf(html['/admin/insights']).filter((src) => !inbox.has(src)),
  };
}
