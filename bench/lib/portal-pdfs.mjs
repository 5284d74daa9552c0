// The broker portal's PDFs as the server makes them: how long each takes from request to last byte, alone
// and while the home page is under load, and how much memory the server holds while it makes them.
import path from 'node:path';
import autocannon from 'autocannon';
import { PGlite } from '@electric-sql/pglite';
import { addAccount, listEstates, sessionCookie } from './seed.mjs';
import { median } from './stats.mjs';

const DOCUMENTS = ['price-list.pdf', 'brochure.pdf'];

/**
 * A broker who has accepted the terms, with a session, and a list of 60 estates, written into a data directory
 * the server has already created (and is not running on). Returns the cookie the broker's requests carry.
 * The session is made as the sign-in makes one: an id of 24 base-32 characters, and the SHA-256 of a secret.
 */
export async function seedPortal(dataDir) {
  const db = await PGlite.create(path.join(dataDir, 'pgdata'));
  try {
    const owner = await addAccount(db, 'bench-owner@aldercrest.example', 'Bench Owner', 'owner');
    const broker = await addAccount(db, 'bench-broker@example.com', 'Bench Broker', 'broker', 'Bench Realty');
    await listEstates(db, owner);
    const { rows } = await db.query('select public.terms_publish($1, $2, now()) as version', [owner, 'Three per cent of the price to the introducing broker.']);
    await db.query('insert into private.terms_acceptances (account_id, version, accepted_at) values ($1, $2, now())', [broker, rows[0].version]);
    return await sessionCookie(db, broker, false);
  } finally {
    await db.close();
  }
}

/** One document, from request to last byte; refuses anything but a PDF. */
async function fetchDocument(base, document, cookie) {
  const started = performance.now();
  const response = await fetch(`${base}/portal/${document}`, { headers: { cookie } });
  const body = Buffer.from(await response.arrayBuffer());
  const ms = performance.now() - started;
  if (response.status !== 200 || body.subarray(0, 5).toString() !== '%PDF-') throw new Error(`${document}: ${response.status}, not a PDF`);
  return { ms, bytes: body.length };
}

const summary = (times) => ({ count: times.length, medianMs: median(times), maxMs: Math.max(...times) });

/**
 * How long the first of each document takes once the broker has opened the portal, as they do before a
 * download: the page readies the documents after answering (lib/portal/warm.ts), and its log says when.
 */
export async function firstAfterPortal(server, cookie) {
  const portal = await fetch(`${server.url}/portal`, { headers: { cookie } });
  if (portal.status !== 200) throw new Error(`/portal: ${portal.status}`);
  await portal.text();
  const started = performance.now();
  while (!server.output().includes('"portal.documents_ready"')) {
    if (performance.now() - started > 60_000) throw new Error('the portal never readied its documents');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const readyMs = performance.now() - started;
  const first = {};
  for (const document of DOCUMENTS) first[document] = (await fetchDocument(server.url, document, cookie)).ms;
  return { readyMs, first };
}

/**
 * The first of each document in the process (typefaces loaded, photographs scaled), then `warm` more of each
 * one at a time, then three price lists while one visitor asks for GET / again and again, then for
 * `durationSeconds` two brokers' downloads at once while GET / runs at `connections`.
 */
export async function measurePortalPdfs(base, cookie, { warm, connections, durationSeconds }) {
  const first = {};
  for (const document of DOCUMENTS) first[document] = await fetchDocument(base, document, cookie);
  const alone = Object.fromEntries(DOCUMENTS.map((document) => [document, []]));
  let bytes = {};
  for (let run = 0; run < warm; run++) {
    for (const document of DOCUMENTS) {
      const { ms, bytes: size } = await fetchDocument(base, document, cookie);
      alone[document].push(ms);
      bytes = { ...bytes, [document]: size };
    }
  }

  // One visitor's GET / after another while price lists are made, one at a time: the slowest answer is the
  // longest the server's thread was held.
  const visits = [];
  let making = true;
  const visitor = (async () => {
    while (making) {
      const started = performance.now();
      await (await fetch(`${base}/`)).arrayBuffer();
      visits.push(performance.now() - started);
    }
  })();
  for (let run = 0; run < 3; run++) await fetchDocument(base, 'price-list.pdf', cookie);
  making = false;
  await visitor;

  const underLoad = Object.fromEntries(DOCUMENTS.map((document) => [document, []]));
  let stop = false;
  const downloader = async (offset) => {
    for (let turn = offset; !stop; turn++) {
      const document = DOCUMENTS[turn % DOCUMENTS.length];
      underLoad[document].push((await fetchDocument(base, document, cookie)).ms);
    }
  };
  const downloads = [downloader(0), downloader(1)];
  const home = await autocannon({ url: `${base}/`, connections, duration: durationSeconds });
  stop = true;
  await Promise.all(downloads);

  return {
    firstMs: Object.fromEntries(DOCUMENTS.map((document) => [document, first[document].ms])),
    bytes,
    alone: Object.fromEntries(DOCUMENTS.map((document) => [document, summary(alone[document])])),
    underLoad: Object.fromEntries(DOCUMENTS.map((document) => [document, summary(underLoad[document])])),
    homeBesideOne: { count: visits.length, medianMs: median(visits), maxMs: Math.max(...visits) },
    homeUnderLoad: { requestsPerSecond: home.requests.average, latencyP99Ms: home.latency.p99, errors: home.errors + home.timeouts + home.non2xx },
  };
}
