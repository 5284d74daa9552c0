// node bench/pdf-timing.mjs [runs] [--out=dir]: how long the broker portal's PDFs take to make (lib/portal/pdf), outside
// jest and Next. The module is bundled with esbuild, its packages loaded from node_modules as the server loads
// them; each photograph import names its file, as in jest (__tests__/support/static-image.cjs). The first render
// of each pays for loading the typefaces and scaling the photographs; later ones reuse them. With --out, the last
// of each is written there (price-list.pdf, brochure.pdf) to look at. Nothing here is a test.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const args = process.argv.slice(2);
const runs = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 5);
const outDir = args.find((arg) => arg.startsWith('--out='))?.slice('--out='.length);
const root = path.resolve(import.meta.dirname, '..');
// Inside the project, so that the bundle's packages resolve from its node_modules.
mkdirSync(path.join(root, 'node_modules', '.cache'), { recursive: true });
const out = mkdtempSync(path.join(root, 'node_modules', '.cache', 'pdf-timing-'));

const project = {
  name: 'project',
  setup(bundler) {
    bundler.onResolve({ filter: /^@\// }, (args) => bundler.resolve(`./${args.path.slice(2)}`, { resolveDir: root, kind: args.kind }));
    bundler.onResolve({ filter: /^server-only$/ }, () => ({ path: 'server-only', namespace: 'empty' }));
    bundler.onLoad({ filter: /.*/, namespace: 'empty' }, () => ({ contents: '' }));
    bundler.onLoad({ filter: /\.jpg$/ }, (args) => ({
      contents: `export default ${JSON.stringify({ src: pathToFileURL(args.path).href })};`,
      loader: 'js',
    }));
  },
};

try {
  await build({
    // The plan's shapes too, to link the lots to as the team does.
    entryPoints: { pdf: path.join(root, 'lib/portal/pdf/index.ts'), plan: path.join(root, 'lib/holds/site-plan.ts') },
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    jsx: 'automatic',
    outdir: out,
    outExtension: { '.js': '.mjs' },
    plugins: [project],
    logLevel: 'warning',
  });
  process.chdir(root);
  const { renderPriceList, renderBrochure } = await import(pathToFileURL(path.join(out, 'pdf.mjs')).href);
  const { PLAN_SHAPE_IDS } = await import(pathToFileURL(path.join(out, 'plan.mjs')).href);

  const standings = ['available', 'on_hold', 'reserved', 'under_contract', 'sold'];
  const lots = Array.from({ length: 60 }, (_, index) => ({
    id: `estate-${index}`,
    lot: String(index + 1),
    lotAcres: 1 + (index % 5) * 0.25,
    homeSqft: 8000 + index * 110,
    bedrooms: 5 + (index % 3),
    bathrooms: 5.5 + (index % 3),
    standing: standings[index % standings.length],
    shape: PLAN_SHAPE_IDS[index] ?? null,
    listPrice: index % 9 === 4 ? null : 4_200_000 + index * 95_000,
    changedAt: new Date(Date.UTC(2026, 0, 1 + index)).toISOString(),
  }));
  const made = {
    'price-list': () =>
      renderPriceList({ lots, broker: { name: 'A Broker', brokerage: 'A Brokerage' }, madeAt: new Date(), timeZone: 'America/New_York' }),
    brochure: () =>
      renderBrochure({ contact: { name: 'A Member', email: 'member@aldercrest.example', phone: '+1 555 010 0000' }, madeAt: new Date() }),
  };
  for (const [name, make] of Object.entries(made)) {
    const times = [];
    let pdf;
    for (let run = 0; run <= runs; run += 1) {
      const started = performance.now();
      pdf = await make();
      times.push(performance.now() - started);
    }
    if (outDir) writeFileSync(path.resolve(outDir, `${name}.pdf`), pdf);
    const [first, ...later] = times;
    later.sort((a, b) => a - b);
    const median = later[Math.floor(later.length / 2)];
    console.log(
      `${name}${name === 'price-list' ? ` (${lots.length} estates)` : ''}: first ${first.toFixed(0)} ms; then median ${median.toFixed(0)} ms, slowest ${later.at(-1).toFixed(0)} ms over ${runs}; ${(pdf.length / 1024).toFixed(0)} KB; process resident ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB`,
    );
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}
