// After `next build`: completes .next/standalone, which Next leaves without the static files and public/,
// so that `node .next/standalone/server.js` serves the whole site on its own (the Dockerfile relies on it),
// and puts the project's front door before Next's own server (scripts/standalone-server.cjs).
import { copyFileSync, cpSync, existsSync, readFileSync, renameSync } from 'node:fs';

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
console.log('Standalone server ready: node .next/standalone/server.js');
