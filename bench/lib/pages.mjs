// Every page a person opens besides the home page, measured as the home page is (Lighthouse's mobile view at the
// host's slowdown), each beside the floor of the same run: the tour page a buyer opens from the receipt, sign-in and
// its link page, the privacy notice, the broker's portal and account, and the team's pages over a store of 500 leads.
// Signed-in pages carry a session the bench writes into the store as signing in writes one.
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { runLighthouse, VIEWS } from './lighthouse.mjs';
import { addAccount, listEstates, sessionCookie } from './seed.mjs';
import { spreadOfRuns } from './stats.mjs';

const sha256Hex = (text) => createHash('sha256').update(text, 'utf8').digest('hex');

/** How many leads the inbox holds: inquiries, with a broker's request for every tenth. */
export const INBOX_LEADS = 500;

/**
 * The store behind the pages, written into a data directory a server has created (and is not running on): an owner
 * and an approved broker past the terms, each with a session; 60 estates; INBOX_LEADS leads over the last months, one
 * with a tour link; a sign-in link waiting. Returns each page's address with the cookie it is opened with.
 */
export async function seedPages(dataDir) {
  const db = await PGlite.create(path.join(dataDir, 'pgdata'));
  try {
    const owner = await addAccount(db, 'bench-owner@aldercrest.example', 'Bench Owner', 'owner');
    await listEstates(db, owner);
    const version = (await db.query('select public.terms_publish($1, $2, now()) as version', [owner, 'Three per cent of the price to the introducing broker.'])).rows[0].version;

    // The broker as the team approves one: a request, decided.
    const request = (
      await db.query(`insert into broker_requests (full_name, email, brokerage, created_at) values ('Bench Broker', 'bench-broker@example.com', 'Bench Realty', now() - interval '40 days') returning id`)
    ).rows[0].id;
    await db.query("select public.decide_broker($1, $2, 'approved', false, gen_random_uuid(), encode(sha256(convert_to(gen_random_uuid()::text, 'UTF8')), 'hex'), now())", [owner, request]);
    const broker = (await db.query("select id from private.accounts where email = 'bench-broker@example.com'")).rows[0].id;
    await db.query('select public.terms_accept($1, $2, now())', [broker, version]);
    await db.query("update private.accounts set name = 'Bench Broker', ask_name = false where id = $1", [broker]);
    for (const [name, daysAgo] of [
      ['Clara Whitmore', 3],
      ['Jonas Berg', 20],
    ]) {
      await db.query('select public.register_buyer($1, $2, $3, null, null, now() - make_interval(days => $4))', [broker, name, `${name.split(' ')[0].toLowerCase()}@example.com`, daysAgo]);
    }

    const brokerRequests = Math.floor(INBOX_LEADS / 10) - 1;
    await db.query(
      `insert into prospect_inquiries (full_name, email, phone, message, created_at)
       select 'Buyer ' || n, 'buyer' || n || '@example.com', case when n % 3 = 0 then '+1 212 555 ' || lpad(n::text, 4, '0') end,
              case when n % 2 = 0 then 'We would like to see the lots by the pond, and the clubhouse, on a weekday morning.' end,
              now() - make_interval(hours => n * 5)
       from generate_series(1, $1) as n`,
      [INBOX_LEADS - brokerRequests - 2],
    );
    await db.query(
      `insert into broker_requests (full_name, email, brokerage, created_at)
       select 'Agent ' || n, 'agent' || n || '@realty.example', 'Realty ' || n, now() - make_interval(hours => n * 47)
       from generate_series(1, $1) as n`,
      [brokerRequests],
    );
    const buyer = (
      await db.query(`insert into prospect_inquiries (full_name, email, message, created_at) values ('Eleanor Whitfield', 'eleanor@example.com', 'A private tour, please.', now() - interval '1 hour') returning id`)
    ).rows[0].id;
    const tourToken = randomBytes(32).toString('base64url');
    await db.query('select public.issue_tour_link(gen_random_uuid(), $1, $2, now())', [buyer, sha256Hex(tourToken)]);

    // A sign-in link as an invitation carries one (lib/auth/sign-in.ts): the page that asks to press Sign in.
    const linkToken = randomBytes(32).toString('base64url');
    await db.query(
      `insert into private.sign_in_challenges (id, purpose, email_hash, account_id, link_hash, created_at, expires_at)
       values (gen_random_uuid(), 'invitation', private.salted_hash($1), $2, $3, now(), now() + interval '1 day')`,
      ['bench-owner@aldercrest.example', owner, sha256Hex(linkToken)],
    );

    const team = await sessionCookie(db, owner, true);
    const brokerSession = await sessionCookie(db, broker, false);
    return [
      { name: '/tour/<token>', path: `/tour/${tourToken}` },
      { name: '/sign-in', path: '/sign-in' },
      { name: '/sign-in/link', path: `/sign-in/link?token=${linkToken}` },
      { name: '/privacy', path: '/privacy' },
      { name: '/portal', path: '/portal', cookie: brokerSession },
      { name: '/account', path: '/account', cookie: brokerSession },
      { name: `/admin (${INBOX_LEADS} leads)`, path: '/admin', cookie: team },
      { name: '/admin/leads/<id>', path: `/admin/leads/${buyer}`, cookie: team },
      { name: '/admin/estates', path: '/admin/estates', cookie: team },
      { name: '/admin/tours', path: '/admin/tours', cookie: team },
      { name: '/admin/insights', path: '/admin/insights', cookie: team },
    ];
  } finally {
    await db.close();
  }
}

/**
 * Each page in Lighthouse's mobile view at the host's slowdown, `runs` times, with the floor once a run; the order of
 * the pages turns each run, so that a noisy minute on the machine does not fall on one page alone.
 */
export async function measurePages(siteUrl, floorUrl, pages, { chromePath, slowdown, runs, machineLoad }) {
  const figures = Object.fromEntries(pages.map((page) => [page.name, []]));
  const floor = [];
  const failed = {};
  for (let run = 0; run < runs; run++) {
    console.log(`Lighthouse mobile floor, pages run ${run + 1}/${runs} (load ${machineLoad()})`);
    const { failedAudits: floorFailed, ...floorFigures } = await runLighthouse(floorUrl, VIEWS.mobile, chromePath, slowdown);
    floor.push(floorFigures);
    failed.floor = floorFailed;
    const order = run % 2 ? [...pages].reverse() : pages;
    for (const page of order) {
      console.log(`Lighthouse mobile ${page.name} run ${run + 1}/${runs} (load ${machineLoad()})`);
      const view = page.cookie ? { ...VIEWS.mobile, extraHeaders: { Cookie: page.cookie } } : VIEWS.mobile;
      const { failedAudits, ...rest } = await runLighthouse(`${siteUrl}${page.path}`, view, chromePath, slowdown);
      if (rest.finalPath && rest.finalPath !== new URL(`${siteUrl}${page.path}`).pathname) throw new Error(`${page.name} ended at ${rest.finalPath}: is its session refused?`);
      figures[page.name].push(rest);
      failed[page.name] = failedAudits;
    }
  }
  return {
    slowdown,
    runs,
    floor: spreadOfRuns(floor),
    pages: Object.fromEntries(Object.entries(figures).map(([name, list]) => [name, spreadOfRuns(list)])),
    failedAudits: failed,
  };
}
