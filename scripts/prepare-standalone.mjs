// After `next build`: completes .next/standalone, which Next leaves without the static files and public/,
// so that `node .next/standalone/server.js` serves the whole site on its own (the Dockerfile relies on it),
// puts the project's front door before Next's own server (server/standalone-server.cjs) with the number of
// arguments each Server Action takes (server/action-wire-format.cjs), moves the
// prerendered pages' data and scripts after their first paint, writes the hero's faces into them
// (scripts/hero-fonts.mjs), compresses them and the build's scripts and style sheets once
// (scripts/build-pages.mjs), writes the hashes of their inline scripts into the Content-Security-Policy,
// scales the photographs the portal's PDFs carry, bundles the thread that makes those PDFs
// (scripts/build-pdf-worker.mjs), and builds the service worker (scripts/build-service-worker.mjs).
import { copyFileSync, cpSync, existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { INLINE_SCRIPT_HASHES, inlineScriptHashes } from '../lib/content-security-policy.mjs';
import { writeActionArguments } from '../server/action-wire-format.cjs';
import { clientModules, ICON_SIZE } from '../server/after-paint.cjs';
import { checkNextVersion, installedNextVersion } from '../server/next-version.cjs';
import { buildImageVariants } from './build-image-variants.mjs';
import { buildKeepScript, buildServiceWorker } from './build-service-worker.mjs';
import { KEEP_SCRIPT } from '../lib/offline/keep-for-offline.mjs';
import { deferHydration, isDeferred, minifyScript, movePrintRules, PAGE_DATA_ADDRESS, pageDataAddress, printRulesAddress, writePageEncodings, writeStaticEncodings } from './build-pages.mjs';
import { paintFirstScript, typefaceFiles } from './first-paint.mjs';
import { heroFaces } from './hero-fonts.mjs';
import { buildPdfPhotos } from '../lib/portal/pdf/photo-files.mjs';
import { buildPdfWorker } from './build-pdf-worker.mjs';

// What this build reads of Next's own output was written against one release of Next: the build stops on another.
try {
  checkNextVersion(installedNextVersion());
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const standalone = '.next/standalone';
if (!existsSync(`${standalone}/server.js`)) {
  console.error('No .next/standalone/server.js: is output: "standalone" still set in next.config.ts?');
  process.exit(1);
}

// Every page Next wrote out as HTML is served as written (none is revalidated), in the build's copy and the
// standalone server's alike. Its data goes to a file beside the scripts, named by its content; the hero's faces
// go into its head.
const pages = readdirSync('.next/server', { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));
const HOME_PAGE = path.join('app', 'index.html');
if (!pages.includes(HOME_PAGE)) {
  console.error('No .next/server/app/index.html: has the home page stopped being prerendered?');
  process.exit(1);
}
/** @param {string} data */
const writeData = (data) => {
  const address = pageDataAddress(data);
  writeFileSync(`.next${address.slice('/_next'.length)}`, data);
  return address;
};
/**
 * Each page as served, with the text of its data's file (which names the images it shows later).
 * @type {Record<string, string>}
 */
const html = {};
/** @type {Record<string, string>} */
const data = {};
for (const file of pages) {
  const written = readFileSync(path.join('.next/server', file), 'utf8');
  const deferred = isDeferred(written) ? null : deferHydration(written, writeData, await heroFaces(written));
  if (deferred === null) {
    // Done by an earlier run since the build: its data is in the file it names.
    html[file] = written;
    data[file] = [...written.matchAll(new RegExp(PAGE_DATA_ADDRESS, 'g'))].map(([address]) => readFileSync(`.next${address.slice('/_next'.length)}`, 'utf8')).join('\n');
    continue;
  }
  // Its rules for paper into a file of their own, out of the first round trip.
  const printable = movePrintRules(deferred.html, (css) => {
    const address = printRulesAddress(css);
    writeFileSync(`.next${address.slice('/_next'.length)}`, css);
    return address;
  });
  if (printable) deferred.html = printable.html;
  for (const root of ['.next/server', `${standalone}/.next/server`]) writeFileSync(path.join(root, file), deferred.html);
  html[file] = deferred.html;
  data[file] = deferred.data;
}

cpSync('.next/static', `${standalone}/.next/static`, { recursive: true });
// The scripts and style sheets, the pages' data and print rules among them, compressed once (server/compressed-static.cjs).
const encoded = writeStaticEncodings('.next/static', `${standalone}/.next/static-encodings`);
/** @param {number} bytes */
const kilobytes = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(`Scripts and style sheets: ${encoded.files} files, ${kilobytes(encoded.identity)}, ${kilobytes(encoded.br)} with Brotli, ${kilobytes(encoded.gzip)} with gzip`);
cpSync('public', `${standalone}/public`, { recursive: true });
// Next writes its server.js afresh with each build; it becomes next-server.js, behind the front door
// (unless this has run already since the build, and server.js is a front door, of this version or an earlier
// one: moving that would put it in the place of Next's server, which it then requires in a circle).
/** @param {string} text */
const isFrontDoor = (text) => text.includes("require('./next-server.js')");
if (!isFrontDoor(readFileSync(`${standalone}/server.js`, 'utf8'))) renameSync(`${standalone}/server.js`, `${standalone}/next-server.js`);
if (!existsSync(`${standalone}/next-server.js`) || isFrontDoor(readFileSync(`${standalone}/next-server.js`, 'utf8'))) {
  console.error(`${standalone}/next-server.js is not Next's server: run \`npm run build\` again`);
  process.exit(1);
}
copyFileSync('server/standalone-server.cjs', `${standalone}/server.js`);
// How many arguments each Server Action takes, for the front door's check of a call from a page's script.
writeActionArguments(`${standalone}/.next/server`);
// The modules it requires: every other CommonJS file of server/ (start.mjs runs from the project, not the build).
for (const file of readdirSync('server').filter((name) => name.endsWith('.cjs') && name !== 'standalone-server.cjs')) copyFileSync(`server/${file}`, `${standalone}/${file}`);
// The script of a page rendered per request, which the server puts first in its head (server/after-paint.cjs).
writeFileSync(`${standalone}/.next/after-paint.js`, minifyScript(paintFirstScript(typefaceFiles(html[HOME_PAGE] ?? ''))));
// The site's icon as a page rendered per request carries it (server/after-paint.cjs: ICON_LINK), at the size its link
// names, in sixteen colours (the file itself stays, for the home page).
const icon = await sharp('app/icon.png').resize(ICON_SIZE, ICON_SIZE).png({ palette: true, colors: 16, compressionLevel: 9, effort: 10 }).toBuffer();
writeFileSync(`${standalone}/.next/icon-address.txt`, `data:image/png;base64,${icon.toString('base64')}`);
// The client modules that need no script, and those that work before it, by the ids this build gave them: a page that
// uses no other is not woken, or woken only as it is used.
const manifests = readdirSync(`${standalone}/.next/server/app`, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('_client-reference-manifest.js'));
const modules = clientModules(manifests.map((file) => readFileSync(`${standalone}/.next/server/app/${file}`, 'utf8')));
if (modules.scriptless.length === 0 || modules.onIntent.length === 0) {
  console.error('No client module of Next\'s, or none of the forms that work before their script, found in the client reference manifests: has their form changed, or a form moved?');
  process.exit(1);
}
writeFileSync(`${standalone}/.next/client-modules.json`, JSON.stringify(modules));

const hashes = [...new Set(Object.values(html).flatMap((page) => inlineScriptHashes(page)))].join(' ');
if (!hashes) {
  console.error('No inline scripts found in the prerendered pages: is the script that starts them after the first paint missing?');
  process.exit(1);
}
// The routes manifest holds the headers of next.config.ts as the server sends them: once for `next start`, once in the standalone copy.
for (const manifest of ['.next/routes-manifest.json', `${standalone}/.next/routes-manifest.json`]) {
  const text = readFileSync(manifest, 'utf8');
  if (text.includes(INLINE_SCRIPT_HASHES)) writeFileSync(manifest, text.replaceAll(INLINE_SCRIPT_HASHES, hashes));
  else if (!text.includes(hashes)) {
    console.error(`${manifest} holds neither ${INLINE_SCRIPT_HASHES} nor these pages' hashes: was it built for development?`);
    process.exit(1);
  }
}
console.log(`Content-Security-Policy: inline scripts of ${pages.length} prerendered pages allowed by hash`);

// The pages a visitor asks for by their address (not the 404 and error pages, which Next sends with their status), compressed once.
const addressed = Object.fromEntries(
  Object.entries(html)
    .filter(([file]) => file.startsWith(`app${path.sep}`) && !path.basename(file).startsWith('_'))
    .map(([file, page]) => [`/${file.slice(4, -'.html'.length)}`.replace(/\/index$/, '/'), page]),
);
const sizes = writePageEncodings(addressed, `${standalone}/.next/prerendered-pages`);
// A new connection's first round trip carries ten TCP segments, 14,600 bytes: a page that fits there with its
// headers is painted a round trip sooner than one that does not (BENCHMARKS.md). The home page's headers, status line
// to the last, are 911 bytes with HSTS over https (measured with curl; 76 fewer since its Vary names only what the
// answer depends on: server/prerendered-pages.cjs), rounded up here.
const FIRST_ROUND_TRIP = 10 * 1460;
const HEADERS = 915;
for (const [pathname, size] of Object.entries(sizes)) {
  const left = FIRST_ROUND_TRIP - HEADERS - size.br;
  console.log(`Page ${pathname}: ${size.identity} bytes, ${size.br} with Brotli (${left} to spare in a first round trip), ${size.gzip} with gzip`);
  if (left < 0) console.warn(`Page ${pathname} no longer fits a first round trip with its headers: on a phone it paints a round trip later.`);
}

// The images a page shows only later are named in its data, now in a file of its own.
const images = await buildImageVariants({
  pages: pages.map((file) => `${html[file]}\n${data[file]}`),
  staticDir: '.next/static',
  outDir: `${standalone}/.next/image-variants`,
});
console.log(`Images: ${images} optimised addresses encoded as AVIF, WebP and their own format`);
// The photographs the portal's PDFs carry, scaled once here rather than in the server (lib/portal/pdf/photo-files.mjs).
const pdfPhotos = await buildPdfPhotos('.next');
cpSync('.next/pdf-photos', `${standalone}/.next/pdf-photos`, { recursive: true });
console.log(`PDF photographs: ${pdfPhotos} scaled copies`);
// The thread the portal's PDFs are made on, beside the photographs it is sent (lib/portal/pdf/thread.ts).
for (const dist of ['.next', `${standalone}/.next`]) await buildPdfWorker(`${dist}/pdf-worker.mjs`);
console.log('PDF thread: .next/pdf-worker.mjs');
const kept = await buildServiceWorker({ html: html[HOME_PAGE] ?? '', buildId: readFileSync('.next/BUILD_ID', 'utf8').trim(), outfile: `${standalone}/public/sw.js` });
console.log(`Service worker: /sw.js keeps the home page and the ${kept} files it names`);
await buildKeepScript({ outfile: `${standalone}/public${KEEP_SCRIPT}` });
console.log('Standalone server ready: node .next/standalone/server.js');
