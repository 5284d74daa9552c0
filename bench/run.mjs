// npm run bench [-- --quick]: builds the site and the floor (a one-heading Next.js page), measures both the
// same way, writes bench/results/latest.json and prints a table. Read it as ratios to the floor: this machine
// is shared and noisy. Nothing here is a test; no figure fails a build.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { startNextServer } from '../__tests__/support/next-server.mjs';
import { heroImageAtPhoneWidth } from './lib/hero.mjs';
import { measurePolicyCost } from './lib/csp.mjs';
import { runLighthouse } from './lib/lighthouse.mjs';
import { loadHomePage, loadInquiries, watchPeakRss } from './lib/load.mjs';
import { printReport } from './lib/report.mjs';
import { medianOfRuns } from './lib/stats.mjs';

const quick = process.argv.includes('--quick');
const runs = quick ? 1 : 3;
const load = { connections: 50, durationSeconds: quick ? 5 : 20 };
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const FLOOR = 'bench/fixture';

if (!existsSync(chromePath)) {
  console.error(`Chromium not found at ${chromePath}: install it (apt-get install -y chromium) or set CHROME_PATH.`);
  process.exit(1);
}

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

async function lighthouseBoth(site, floor) {
  const results = { site: { mobile: [], desktop: [] }, floor: { mobile: [], desktop: [] } };
  const failed = { site: {}, floor: {} };
  // Site and floor alternate, so a noisy minute on the machine touches both.
  for (let run = 0; run < runs; run++) {
    for (const preset of ['mobile', 'desktop']) {
      for (const [name, url] of [
        ['site', site],
        ['floor', floor],
      ]) {
        console.log(`Lighthouse ${preset} ${name} run ${run + 1}/${runs}`);
        const { failedAudits, ...figures } = await runLighthouse(url, preset, chromePath);
        results[name][preset].push(figures);
        failed[name][preset] = failedAudits;
      }
    }
  }
  const medians = (name) => ({ mobile: medianOfRuns(results[name].mobile), desktop: medianOfRuns(results[name].desktop) });
  return { site: medians('site'), floor: medians('floor'), failedAudits: failed };
}

async function countStored(dataDir, emails) {
  const db = await PGlite.create(path.join(dataDir, 'pgdata'));
  try {
    const { rows } = await db.query('select email, count(*)::int as copies from prospect_inquiries where email = any($1) group by email', [emails]);
    const copies = new Map(rows.map((row) => [row.email, row.copies]));
    return {
      lost: emails.filter((email) => !copies.has(email)).length,
      duplicated: rows.filter((row) => row.copies > 1).length,
    };
  } finally {
    await db.close();
  }
}

const scratch = mkdtempSync(path.join(tmpdir(), 'aldercrest-bench-'));
try {
  if (!process.argv.includes('--no-build')) {
    buildSite();
    build(FLOOR);
  }
  const dataDir = path.join(scratch, 'data');
  const serverEnv = { DATA_DIR: dataDir, RATE_LIMIT_PER_IP: 'off', RATE_LIMIT_GLOBAL: 'off' };
  const site = await startNextServer(serverEnv);
  const floor = await startNextServer({}, { directory: FLOOR });

  const lighthouse = await lighthouseBoth(`${site.url}/`, `${floor.url}/`);
  console.log('Hero image at 390 px');
  const hero = await heroImageAtPhoneWidth(`${site.url}/`, chromePath);

  console.log(`Load: GET / for ${load.durationSeconds} s at ${load.connections} connections, site then floor`);
  const peakRss = watchPeakRss(site.pid);
  const homeSite = await loadHomePage(`${site.url}/`, load);
  const homeFloor = await loadHomePage(`${floor.url}/`, load);
  console.log(`Load: no-JavaScript inquiries for ${load.durationSeconds} s at ${load.connections} connections`);
  const { succeeded, ...inquiries } = await loadInquiries(`${site.url}/`, load);
  const peakRssBytes = peakRss();

  await floor.stop();
  await site.stop();
  const stored = await countStored(dataDir, succeeded);

  console.log(`Load: GET / for ${load.durationSeconds} s at ${load.connections} connections, with the policy of before ('unsafe-inline'), then with the hashes`);
  const policy = await measurePolicyCost(() => startNextServer({ ...serverEnv, DATA_DIR: path.join(scratch, 'policy-data') }), load);

  const results = {
    date: new Date().toISOString(),
    quick,
    runs,
    machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model, node: process.version },
    lighthouse,
    heroImage390: hero,
    load: {
      connections: load.connections,
      durationSeconds: load.durationSeconds,
      home: { site: homeSite, floor: homeFloor },
      policy,
      inquiries: { ...inquiries, succeeded: succeeded.length, ...stored },
    },
    memory: { sitePeakRssBytes: peakRssBytes },
  };
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/latest.json', `${JSON.stringify(results, null, 2)}\n`);
  printReport(results);
  console.log('\nWritten to bench/results/latest.json');
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
