// npm run bench [-- --quick] [-- --no-build] [-- --runs=N] [-- --only=lighthouse,pages,load,pdf,insights,flood]: builds the
// site and the floor (a one-heading Next.js page), measures both the same way, writes
// bench/results/latest.json and prints the tables. Read them as ratios to the floor: this machine is shared
// and noisy. Nothing here is a test; no figure fails a build.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { BUSIEST_WINDOW_SQL } from '../__tests__/support/flood.mjs';
import { startNextServer } from '../__tests__/support/next-server.mjs';
import { floodWithBuyers } from './lib/flood.mjs';
import { heroImageAtPhoneWidth } from './lib/hero.mjs';
import { measurePolicyCost } from './lib/csp.mjs';
import { warmImages } from './lib/images.mjs';
import { effectiveIndex, runLighthouse, slowdownFor, VIEWS, WITHOUT_WORKER } from './lib/lighthouse.mjs';
import { AS_A_BROWSER, loadHomePage, loadInquiries } from './lib/load.mjs';
import { measureReading } from './lib/reader.mjs';
import { measureWake } from './lib/wake.mjs';
import { memorySnapshot, probeEnv, watchPeakMemory } from './lib/memory.mjs';
import { INSIGHT_DATA, measureInsights, seedEmbeddedInsights, startSeededStack } from './lib/insights.mjs';
import { measurePages, seedPages } from './lib/pages.mjs';
import { firstAfterPortal, measurePortalPdfs, seedPortal } from './lib/portal-pdfs.mjs';
import { printReport } from './lib/report.mjs';
import { median, spreadOfRuns } from './lib/stats.mjs';

const quick = process.argv.includes('--quick');
const option = (name) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const runs = Number(option('runs') ?? (quick ? 1 : 5));
// --only=lighthouse,pages,load,pdf,insights,flood measures just those parts (memory at start-up is always measured).
const parts = new Set((option('only') ?? 'lighthouse,pages,load,pdf,insights,flood').split(','));
const load = { connections: 50, durationSeconds: quick ? 5 : 20 };
/** 900 posts arriving at once on 300 connections ([speed]): the same with --quick, since it is one moment. */
const BURST = { connections: 300, amount: 900 };
const floodPlan = { seconds: quick ? 20 : 60, buyers: quick ? 5 : 20 };
// The global limit the flood's server runs with: the one shipped (lib/config/server.ts).
const FLOOD_LIMIT = { count: 60, windowSeconds: 60 };
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const FLOOR = 'bench/fixture';

if (!existsSync(chromePath)) {
  console.error(`Chromium not found at ${chromePath}: install it (apt-get install -y chromium) or set CHROME_PATH.`);
  process.exit(1);
}

/** The machine's load average over the last minute, noted beside each part: the machine is shared. */
const machineLoad = () => Number(loadavg()[0].toFixed(2));

function build(directory) {
  console.log(`Building ${directory} ...`);
  const result = spawnSync(process.execPath, ['node_modules/next/dist/bin/next', 'build', directory], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error(`next build ${directory} failed`);
}

// The site is measured as `npm start` serves it: the standalone server, completed
// with its static files exactly as `npm run build` completes it.
function buildSite() {
  build('.');
  const result = spawnSync(process.execPath, ['scripts/prepare-standalone.mjs'], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error('preparing the standalone server failed');
}

async function pageView(url) {
  await (await fetch(url)).text();
  // Let the view's work settle (and the probe write a sample) before reading the memory.
  await new Promise((resolve) => setTimeout(resolve, 1500));
}

/**
 * The host's speed, from three runs on the floor at the preset's slowdown: the mobile views then run at the slowdown
 * that makes it a phone's (lib/lighthouse.mjs).
 */
async function calibrate(floor) {
  const indexes = [];
  for (let run = 0; run < 3; run++) {
    console.log(`Lighthouse calibration run ${run + 1}/3 on the floor (load ${machineLoad()})`);
    indexes.push((await runLighthouse(floor, VIEWS.mobile, chromePath)).benchmarkIndex);
  }
  const hostIndex = median(indexes);
  const slowdown = slowdownFor(hostIndex);
  const calibration = { benchmarkIndexes: indexes, benchmarkIndex: hostIndex, cpuSlowdown: slowdown, effectiveIndex: effectiveIndex(hostIndex, slowdown) };
  console.log(`Host benchmarkIndex ${Math.round(hostIndex)}: the mobile views run at ${slowdown}x, an effective index of ${Math.round(calibration.effectiveIndex)}`);
  return calibration;
}

async function lighthouseBoth(site, floor) {
  const results = { site: {}, floor: {}, siteWithoutWorker: { mobile: [] } };
  const failed = { site: {}, floor: {}, siteWithoutWorker: {} };
  const loads = [];
  for (const view of Object.keys(VIEWS)) {
    results.site[view] = [];
    results.floor[view] = [];
  }
  const calibration = await calibrate(floor);
  const slowdown = calibration.cpuSlowdown;
  // Site and floor alternate, and take turns going first, so that a noisy minute on the machine touches both.
  for (let run = 0; run < runs; run++) {
    loads.push(machineLoad());
    for (const [view, settings] of Object.entries(VIEWS)) {
      const pair = [
        ['site', site, settings],
        ['floor', floor, settings],
        // The mobile view once more with the service worker blocked, to show what it costs.
        ...(view === 'mobile' ? [['siteWithoutWorker', site, WITHOUT_WORKER]] : []),
      ];
      for (const [name, url, viewSettings] of run % 2 ? pair.reverse() : pair) {
        console.log(`Lighthouse ${view} ${name} run ${run + 1}/${runs} (load ${machineLoad()})`);
        const { failedAudits, ...figures } = await runLighthouse(url, viewSettings, chromePath, slowdown);
        results[name][view].push(figures);
        failed[name][view] = failedAudits;
      }
    }
  }
  const spreads = (name) => Object.fromEntries(Object.keys(VIEWS).map((view) => [view, spreadOfRuns(results[name][view])]));
  const siteWithoutWorker = { mobile: spreadOfRuns(results.siteWithoutWorker.mobile) };
  return { calibration, site: spreads('site'), floor: spreads('floor'), siteWithoutWorker, runs: results, failedAudits: failed, machineLoad: loads };
}

/** Opens the embedded store a server left in `dataDir`, runs `read` on it, and closes it. */
async function readStore(dataDir, read) {
  const db = await PGlite.create(path.join(dataDir, 'pgdata'));
  try {
    return await read(db);
  } finally {
    await db.close();
  }
}

/** How many copies of each address the inquiries hold. */
async function storedEmails(db) {
  const { rows } = await db.query('select email, count(*)::int as copies from prospect_inquiries group by email');
  return new Map(rows.map((row) => [row.email, row.copies]));
}

/** The most flood posts stored within any one window of the shipped global limit (__tests__/support/flood.mjs). */
async function busiestWindow(db, windowSeconds) {
  const { rows } = await db.query(BUSIEST_WINDOW_SQL, [windowSeconds, 'flood+%']);
  return rows[0].most;
}

async function countStored(dataDir, emails) {
  const copies = await readStore(dataDir, storedEmails);
  return {
    lost: emails.filter((email) => !copies.has(email)).length,
    duplicated: emails.filter((email) => (copies.get(email) ?? 0) > 1).length,
  };
}

/** The levels of the challenges the server handed out, from its log. */
function challengeLevels(output) {
  const levels = [];
  for (const line of output.split('\n')) {
    if (!line.includes('"outcome":"challenge"')) continue;
    try {
      const level = JSON.parse(line).level;
      if (Number.isFinite(level)) levels.push(level);
    } catch {
      // not one JSON line
    }
  }
  return { issued: levels.length, highest: levels.length ? Math.max(...levels) : 0 };
}

const scratch = mkdtempSync(path.join(tmpdir(), 'aldercrest-bench-'));
const servers = [];
async function start(env, options) {
  const server = await startNextServer(env, options);
  servers.push(server);
  return server;
}

/** A data directory whose database a server has made (its migrations applied) and left, for the bench to seed. */
async function createdStore(name, env) {
  const dir = path.join(scratch, name);
  const creating = await start({ ...env, DATA_DIR: dir });
  await pageView(`${creating.url}/`);
  await creating.stop();
  return dir;
}

try {
  const startedAt = new Date();
  const loadAtStart = machineLoad();
  if (!process.argv.includes('--no-build')) {
    buildSite();
    build(FLOOR);
  }
  // Every run starts with the image optimiser's cache as the build left it, as a fresh deployment does.
  rmSync('.next/standalone/.next/cache/images', { recursive: true, force: true });
  const quiet = { RATE_LIMIT_PER_IP: 'off', RATE_LIMIT_GLOBAL: 'off' };

  // Memory, piece by piece: Next alone (the floor), the site without its embedded database, the site's
  // first start (which creates the database), and the site started again on it, as after any restart.
  console.log(`Memory after start-up and one page view (load ${machineLoad()})`);
  const floor = await start({}, { directory: FLOOR });
  await pageView(`${floor.url}/`);
  const memory = { floor: memorySnapshot(floor.pid) };

  const noStoreProbe = path.join(scratch, 'memory-no-store.json');
  const withoutStore = await start({
    ...quiet,
    ...probeEnv(noStoreProbe),
    // A Supabase store nobody answers: nothing is stored during this view, and PGlite is never loaded.
    SUPABASE_URL: 'http://127.0.0.1:9',
    SUPABASE_SECRET_KEY: 'sb_secret_bench_never_used_0000000000',
  });
  await pageView(`${withoutStore.url}/`);
  memory.siteWithoutStore = memorySnapshot(withoutStore.pid, noStoreProbe);
  await withoutStore.stop();

  const dataDir = path.join(scratch, 'data');
  const firstProbe = path.join(scratch, 'memory-first.json');
  const first = await start({ ...quiet, ...probeEnv(firstProbe), DATA_DIR: dataDir });
  await pageView(`${first.url}/`);
  memory.siteFirstStart = memorySnapshot(first.pid, firstProbe);
  await first.stop();

  const siteProbe = path.join(scratch, 'memory-site.json');
  const site = await start({ ...quiet, ...probeEnv(siteProbe), DATA_DIR: dataDir });
  await pageView(`${site.url}/`);
  memory.siteRestart = memorySnapshot(site.pid, siteProbe);

  console.log('Image optimiser: every size of every image');
  const imagesPeak = watchPeakMemory(site.pid, siteProbe);
  const images = await warmImages(`${site.url}/`);
  memory.imagesPeak = imagesPeak();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  memory.afterImages = memorySnapshot(site.pid, siteProbe);

  let lighthouse;
  let hero;
  let wake;
  let reading;
  if (parts.has('lighthouse')) {
    lighthouse = await lighthouseBoth(`${site.url}/`, `${floor.url}/`);
    console.log('Hero image at 390 px');
    hero = await heroImageAtPhoneWidth(`${site.url}/`, chromePath);
    console.log(`Waking the page: the first key at ${lighthouse.calibration.cpuSlowdown}x, ${runs} runs`);
    wake = await measureWake(`${site.url}/`, chromePath, lighthouse.calibration.cpuSlowdown, runs);
    console.log(`Reading the page without a tap, kept for offline and not, at ${lighthouse.calibration.cpuSlowdown}x, ${runs} runs of each`);
    reading = await measureReading(`${site.url}/`, chromePath, lighthouse.calibration.cpuSlowdown, runs);
    memory.afterLighthouse = memorySnapshot(site.pid, siteProbe);
  }

  // Every other page a person opens, on a server of its own whose store holds the people, estates and leads they show.
  let pages;
  if (parts.has('pages')) {
    const pagesDir = await createdStore('pages-data', quiet);
    const list = await seedPages(pagesDir);
    const pagesServer = await start({ ...quiet, DATA_DIR: pagesDir });
    const calibration = lighthouse?.calibration ?? (await calibrate(`${floor.url}/`));
    console.log(`Every other page: ${list.length} pages in the mobile view at ${calibration.cpuSlowdown}x, ${runs} runs each, the floor once a run`);
    pages = { calibration, ...(await measurePages(pagesServer.url, `${floor.url}/`, list, { chromePath, slowdown: calibration.cpuSlowdown, runs, machineLoad })) };
    await pagesServer.stop();
  }

  let serverLoad;
  const loadMachineLoad = machineLoad();
  if (parts.has('load')) {
    console.log(`Load: GET / for ${load.durationSeconds} s at ${load.connections} connections, plain then compressed, site then floor (load ${loadMachineLoad})`);
    const sitePeak = watchPeakMemory(site.pid, siteProbe);
    const homeSite = await loadHomePage(`${site.url}/`, load);
    const homeSiteCompressed = await loadHomePage(`${site.url}/`, load, AS_A_BROWSER);
    const floorPeak = watchPeakMemory(floor.pid);
    const homeFloor = await loadHomePage(`${floor.url}/`, load);
    const homeFloorCompressed = await loadHomePage(`${floor.url}/`, load, AS_A_BROWSER);
    memory.floorPeak = floorPeak();
    console.log(`Load: no-JavaScript inquiries for ${load.durationSeconds} s at ${load.connections} connections`);
    const { succeeded, ...inquiries } = await loadInquiries(`${site.url}/`, load);
    memory.sitePeak = sitePeak();
    await site.stop();
    // A burst ([speed]): every post arriving at once, on a server started again on the store, after one view.
    console.log(`Load: ${BURST.amount} no-JavaScript inquiries at once on ${BURST.connections} connections, on a server started again`);
    const burstProbe = path.join(scratch, 'memory-burst.json');
    const burstServer = await start({ ...quiet, ...probeEnv(burstProbe), DATA_DIR: dataDir });
    await pageView(`${burstServer.url}/`);
    memory.beforeBurst = memorySnapshot(burstServer.pid, burstProbe);
    const burstPeak = watchPeakMemory(burstServer.pid, burstProbe);
    const { succeeded: burstSucceeded, ...burst } = await loadInquiries(`${burstServer.url}/`, BURST);
    memory.burstPeak = burstPeak();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    memory.afterBurst = memorySnapshot(burstServer.pid, burstProbe);
    await burstServer.stop();
    console.log(`Load: GET / for ${load.durationSeconds} s at ${load.connections} connections, with the policy of before ('unsafe-inline'), then with the hashes`);
    const policy = await measurePolicyCost(() => start({ ...quiet, DATA_DIR: path.join(scratch, 'policy-data') }), load);
    serverLoad = {
      connections: load.connections,
      durationSeconds: load.durationSeconds,
      home: { site: homeSite, floor: homeFloor },
      homeCompressed: { site: homeSiteCompressed, floor: homeFloorCompressed },
      policy,
      inquiries: { ...inquiries, succeeded: succeeded.length, ...(await countStored(dataDir, succeeded)) },
      burst: { ...BURST, ...burst, succeeded: burstSucceeded.length, ...(await countStored(dataDir, burstSucceeded)) },
    };
  }
  await floor.stop();
  await site.stop();

  // The portal's PDFs, on a server of their own whose database holds a broker with a session and 60 estates.
  let pdfs;
  const pdfMachineLoad = machineLoad();
  if (parts.has('pdf')) {
    console.log(`Portal PDFs: the first of each, ${quick ? 3 : 10} more alone, then two at a time for ${load.durationSeconds} s beside GET / at ${load.connections} connections (load ${pdfMachineLoad})`);
    const pdfDir = await createdStore('pdf-data', quiet);
    const cookie = await seedPortal(pdfDir);
    const pdfProbe = path.join(scratch, 'memory-pdf.json');
    const pdfServer = await start({ ...quiet, ...probeEnv(pdfProbe), DATA_DIR: pdfDir });
    const pdfPeak = watchPeakMemory(pdfServer.pid, pdfProbe);
    pdfs = await measurePortalPdfs(pdfServer.url, cookie, { warm: quick ? 3 : 10, ...load });
    // Made on the documents' own thread (lib/portal/pdf/thread.ts), as the build's bundle of it allows.
    pdfs.ownThread = pdfServer.output().includes('"portal.document_thread_started"');
    memory.pdfPeak = pdfPeak();
    await pdfServer.stop();
    // A fresh server again, the broker opening the portal before downloading.
    const portalServer = await start({ ...quiet, DATA_DIR: pdfDir });
    pdfs.afterPortal = await firstAfterPortal(portalServer, cookie);
    await portalServer.stop();
  }

  // The team's figures over 100,000 leads, on each store: the embedded one, then Supabase's (the tests' stack).
  let insights;
  const insightsMachineLoad = machineLoad();
  if (parts.has('insights')) {
    const insightRuns = quick ? 3 : 10;
    console.log(`Insights: /admin and /admin/insights over ${INSIGHT_DATA.leads} leads and ${INSIGHT_DATA.tours} tours, ${insightRuns} runs each, on each store (load ${insightsMachineLoad})`);
    const insightsDir = await createdStore('insights-data', quiet);
    const embeddedCookie = await seedEmbeddedInsights(insightsDir);
    const embeddedServer = await start({ ...quiet, DATA_DIR: insightsDir });
    const embedded = await measureInsights(embeddedServer.url, embeddedCookie, insightRuns);
    await embeddedServer.stop();
    const { stack, cookie } = await startSeededStack();
    try {
      const supabaseServer = await start({ ...quiet, SUPABASE_URL: stack.url, SUPABASE_SECRET_KEY: stack.serviceRoleKey });
      const supabase = await measureInsights(supabaseServer.url, cookie, insightRuns);
      await supabaseServer.stop();
      insights = { data: INSIGHT_DATA, embedded, supabase, machineLoad: insightsMachineLoad };
    } finally {
      await stack.stop();
    }
  }

  // The flood, on a server of its own with the limits as shipped and a proxy's address header believed.
  let flood;
  const floodMachineLoad = machineLoad();
  if (parts.has('flood')) {
    console.log(`Flood: ${floodPlan.seconds} s at 11 posts a second from 200 addresses, ${floodPlan.buyers} buyers in Chromium (load ${floodMachineLoad})`);
    const floodDir = path.join(scratch, 'flood');
    const floodProbe = path.join(scratch, 'memory-flood.json');
    const floodServer = await start({ ...probeEnv(floodProbe), DATA_DIR: floodDir, RATE_LIMIT_GLOBAL: `${FLOOD_LIMIT.count}/1m`, RATE_LIMIT_PER_IP: '5/10m', TRUST_PROXY: 'x-real-ip' });
    const floodPeak = watchPeakMemory(floodServer.pid, floodProbe);
    const outcome = await floodWithBuyers(`${floodServer.url}/`, { ...floodPlan, chromePath });
    memory.floodPeak = floodPeak();
    await floodServer.stop();
    const { copies, busiest } = await readStore(floodDir, async (db) => ({ copies: await storedEmails(db), busiest: await busiestWindow(db, FLOOD_LIMIT.windowSeconds) }));
    const { buyers, ...figures } = outcome;
    flood = {
      ...figures,
      // The addresses stay out of the results file: only what each visit measured.
      buyerVisits: buyers.map((visit) => ({ ...visit, email: undefined })),
      buyersSent: buyers.length,
      buyersStored: buyers.filter((visit) => copies.has(visit.email)).length,
      flood: {
        ...outcome.flood,
        succeeded: outcome.flood.succeeded.length,
        stored: [...copies.keys()].filter((email) => email.startsWith('flood+')).length,
        storedInBusiestWindow: busiest,
      },
      limit: FLOOD_LIMIT,
      challenges: challengeLevels(floodServer.output()),
    };
  }

  const results = {
    date: startedAt.toISOString(),
    quick,
    runs,
    parts: [...parts],
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model,
      memoryBytes: totalmem(),
      node: process.version,
      load: { atStart: loadAtStart, lighthouse: lighthouse?.machineLoad ?? [], serverLoad: loadMachineLoad, pdf: pdfMachineLoad, flood: floodMachineLoad, atEnd: machineLoad() },
    },
    lighthouse,
    heroImage390: hero,
    wake,
    reading,
    pages,
    images,
    load: serverLoad,
    pdfs,
    insights,
    memory,
    flood,
  };
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/latest.json', `${JSON.stringify(results, null, 2)}\n`);
  printReport(results);
  console.log('\nWritten to bench/results/latest.json');
} finally {
  await Promise.all(servers.map((server) => server.stop()));
  rmSync(scratch, { recursive: true, force: true });
}
