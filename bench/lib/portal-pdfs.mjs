// The broker portal's PDFs as the server makes them: how long each takes from request to last byte, alone
// and while the home page is under load, and how much memory the server holds while it makes them.
import { createHash, randomBytes, randomInt } from 'node:crypto';
import path from 'node:path';
import autocannon from 'autocannon';
import { PGlite } from '@electric-sql/pglite';
import { median } from './stats.mjs';

const SESSION_COOKIE = '__Host-aldercrest-session'; // lib/auth/cookie.ts
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
const DOCUMENTS = ['price-list.pdf', 'brochure.pdf'];

/**
 * A broker who has accepted the terms, with a session, and a list of 60 estates, written into a data directory
 * the server has already created (and is not running on). Returns the cookie the broker's requests carry.
 * The session is made as the sign-in makes one: an id of 24 base-32 characters, and the SHA-256 of a secret.
 */
export async function seedPortal(dataDir) {
  const db = await PGlite.create(path.join(dataDir, 'pgdata'));
  try {
    const account = async (email, name, role, brokerage) =>
      (
        await db.query(`insert into private.accounts (email, name, role, brokerage, joined_at) values ($1, $2, $3, $4, now()) returning id`, [
          email,
          name,
          role,
          brokerage,
        ])
      ).rows[0].id;
    const owner = await account('bench-owner@aldercrest.example', 'Bench Owner', 'owner', null);
    const broker = await account('bench-broker@example.com', 'Bench Broker', 'broker', 'Bench Realty');
    const statuses = ['available', 'reserved', 'under_contract', 'sold'];
    for (let index = 0; index < 60; index++) {
      await db.query('select public.estate_create($1, $2, $3, $4, $5, $6, $7, $8, now())', [
        owner,
        `Lot ${index + 1}`,
        1 + (index % 5) * 0.25,
        8000 + index * 110,
        5 + (index % 3),
        5.5 + (index % 3),
        statuses[index % 4],
        index % 9 === 4 ? null : 4_200_000 + index * 95_000,
      ]);
    }
    const { rows } = await db.query('select public.terms_publish($1, $2, now()) as version', [owner, 'Three per cent of the price to the introducing broker.']);
    await db.query('insert into private.terms_acceptances (account_id, version, accepted_at) values ($1, $2, now())', [broker, rows[0].version]);

    const id = Array.from({ length: 24 }, () => ALPHABET[randomInt(32)]).join('');
    const secret = randomBytes(32).toString('base64url');
    await db.query(
      `insert into private.sessions (id, secret_hash, account_id, created_at, last_used_at, idle_seconds, expires_at, device)
       values ($1, $2, $3, now(), now(), 30 * 86400, null, 'Bench')`,
      [id, createHash('sha256').update(secret).digest('hex'), broker],
    );
    return `${SESSION_COOKIE}=${id}.${secret}`;
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
