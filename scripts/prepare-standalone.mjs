// After `next build`: completes .next/standalone, which Next leaves without the static files and public/,
// so that `node .next/standalone/server.js` serves the whole site on its own (the Dockerfile relies on it),
// puts the project's front door before Next's own server (scripts/standalone-server.cjs), and writes the
// hashes of the prerendered pages' inline scripts into the Content-Security-Policy.
import { copyFileSync, cpSync, existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { INLINE_SCRIPT_HASHES, inlineScriptHashes } from '../lib/content-security-policy.mjs';
import { buildImageVariants } from './build-image-variants.mjs';
import etag from 'next/dist/server/lib/etag.js';

const standalone = '.next/standalone';
if (!existsSync(`${standalone}/server.js`)) {
  console.error('No .next/standalone/server.js: is output: "standalone" still set in next.config.ts?');
  process.exit(1);
}
cpSync('.next/static', `${standalone}/.next/static`, { recursive: true });
cpSync('public', `${standalone}/public`, { recursive: true });
// Next writes its server.js afresh with each build; it becomes next-server.js, behind the front door
// (unless this has run already since the build, and server.js is the front door's).
const ours = readFileSync('scripts/standalone-server.cjs', 'utf8');
if (readFileSync(`${standalone}/server.js`, 'utf8') !== ours) renameSync(`${standalone}/server.js`, `${standalone}/next-server.js`);
copyFileSync('scripts/standalone-server.cjs', `${standalone}/server.js`);
copyFileSync('scripts/front-door.cjs', `${standalone}/front-door.cjs`);
copyFileSync('scripts/image-variants.cjs', `${standalone}/image-variants.cjs`);
copyFileSync('scripts/page-etags.cjs', `${standalone}/page-etags.cjs`);

// Every page Next wrote out as HTML is served as written (none is revalidated), so its inline scripts are known now.
const pages = readdirSync('.next/server', { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));
const hashes = [...new Set(pages.flatMap((file) => inlineScriptHashes(readFileSync(path.join('.next/server', file), 'utf8'))))].join(' ');
if (!pages.includes(path.join('app', 'index.html')) || !hashes) {
  console.error('No inline scripts found in .next/server/app/index.html: has the home page stopped being prerendered?');
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

// Their ETags, as Next would work them out for every request (next.config.ts leaves that to scripts/page-etags.cjs).
const etags = Object.fromEntries(
  pages
    .filter((file) => file.startsWith(`app${path.sep}`) && !path.basename(file).startsWith('_'))
    .map((file) => [`/${file.slice(4, -'.html'.length)}`.replace(/\/index$/, '/'), etag.generateETag(readFileSync(path.join('.next/server', file), 'utf8'))]),
);
writeFileSync(`${standalone}/.next/page-etags.json`, `${JSON.stringify(etags, null, 1)}\n`);

const images = await buildImageVariants({
  pages: pages.map((file) => readFileSync(path.join('.next/server', file), 'utf8')),
  staticDir: '.next/static',
  outDir: `${standalone}/.next/image-variants`,
});
console.log(`Images: ${images} optimised addresses encoded as AVIF, WebP and their own format`);
console.log('Standalone server ready: node .next/standalone/server.js');
