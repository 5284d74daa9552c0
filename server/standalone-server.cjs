// The production server's entry point: Next's own standalone server (next-server.js beside this file,
// untouched, with its start-up, keep-alive and graceful shutdown), with every request passed through
// the front door first (front-door.cjs). scripts/prepare-standalone.mjs puts this file in .next/standalone
// as server.js, beside the other .cjs files of server/, so `node server.js` there starts this.
'use strict';

const { randomBytes } = require('node:crypto');
const { existsSync, readFileSync } = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const v8 = require('node:v8');
const { readActionArguments } = require('./action-wire-format.cjs');
const { createCompressedStatic } = require('./compressed-static.cjs');
const { sendAfterPaint } = require('./after-paint.cjs');
const { createFrontDoor } = require('./front-door.cjs');
const { createImageVariants } = require('./image-variants.cjs');
const { printConsoleAsJsonLines } = require('./log-lines.cjs');
const { createPrerenderedPages } = require('./prerendered-pages.cjs');
const { redirectWithSiteHeaders } = require('./redirect-site-headers.cjs');
const { answerConnect, answerUnreadable } = require('./refusals.cjs');
const { SERVER_OPTIONS } = require('./request-checks.cjs');
const { createSiteHeaders } = require('./static-answers.cjs');

// PGlite is 9 MB of WebAssembly. V8 compiles it quickly (Liftoff), then again optimised (TurboFan) in
// the background, and keeps both: the site restarted on its database held 266 MB, 84 MB more than with
// Liftoff's code alone, for a database that runs a few short queries per lead. Set before PGlite is compiled.
v8.setFlagsFromString('--liftoff-only');

// With no limit of its own V8 lets the heap grow towards 4 GB under load before it collects in earnest: the server
// held 470 MB rendering forms' answers, most of it garbage. Every way this server is started (npm start, the
// Dockerfile, docs/DEPLOY.md) sets --max-old-space-size to this; a start without it is said in the log.
const HEAP_LIMIT_MB = 224;

// The log is one JSON object a line. What the site writes already is; whatever else is printed (Next's
// banner, a framework warning, an error) becomes one line too.
printConsoleAsJsonLines();

if (v8.getHeapStatistics().heap_size_limit > 2 * HEAP_LIMIT_MB * 2 ** 20) {
  console.warn(JSON.stringify({ time: new Date().toISOString(), level: 'warn', event: 'server.heap_unlimited', advice: `start with node --max-old-space-size=${HEAP_LIMIT_MB}` }));
}

// Known to this process alone: the site believes the connection address only when it carries it (lib/request.ts).
process.env.ALDERCREST_SOCKET_TOKEN = randomBytes(24).toString('base64url');

// This build's Server Actions, each with the number of arguments it takes (written by the build: server/action-wire-format.cjs).
const actions = readActionArguments(path.join(__dirname, '.next', 'server'));
const frontDoor = createFrontDoor({
  actions,
  socketToken: process.env.ALDERCREST_SOCKET_TOKEN,
  trustProxy: process.env.TRUST_PROXY?.trim().toLowerCase() || null,
});
const siteHeaders = createSiteHeaders(path.join(__dirname, '.next', 'routes-manifest.json'));
// The images the pages ask for, encoded at build: Next's optimiser (and its ~1 GB of encoder memory) stays idle.
const serveImageVariant = createImageVariants({ directory: path.join(__dirname, '.next', 'image-variants'), siteHeaders });
// The prerendered pages, compressed at build rather than for each request.
const servePrerenderedPage = createPrerenderedPages({ directory: path.join(__dirname, '.next', 'prerendered-pages'), siteHeaders });
// The scripts and style sheets, compressed at build with Brotli and gzip rather than with gzip for each request.
const serveCompressedStatic = createCompressedStatic({ directory: path.join(__dirname, '.next', 'static-encodings'), siteHeaders });
// The script of a page rendered per request, which has it painted before its scripts run (after-paint.cjs), as the
// build wrote it; a build without it leaves those pages as Next writes them.
const afterPaintFile = path.join(__dirname, '.next', 'after-paint.js');
const afterPaintScript = existsSync(afterPaintFile) ? readFileSync(afterPaintFile, 'utf8') : null;
// The site's icon as those pages carry it, a `data:` address (after-paint.cjs: ICON_LINK), written by the build; a
// build without it leaves them linking to the icon's file.
const iconFile = path.join(__dirname, '.next', 'icon-address.txt');
const iconAddress = existsSync(iconFile) ? readFileSync(iconFile, 'utf8').trim() : null;
// The client modules that need no script, and those that work before it (after-paint.cjs): a page that uses no other
// is sent not to wake, or to wake as it is used.
const modulesFile = path.join(__dirname, '.next', 'client-modules.json');
/** @type {{ scriptless: string[], onIntent: string[] }} */
const moduleIds = existsSync(modulesFile) ? JSON.parse(readFileSync(modulesFile, 'utf8')) : { scriptless: [], onIntent: [] };
const clientModules = { scriptless: new Set(moduleIds.scriptless), onIntent: new Set(moduleIds.onIntent) };
/** @type {import('./static-answers.cjs').Answerer} */
const serveWrittenAtBuild = (request, response) =>
  serveCompressedStatic(request, response) || serveImageVariant(request, response) || servePrerenderedPage(request, response);

const PROCESS_STATE = Symbol.for('aldercrest.processState');

/**
 * The site's process state (lib/process-state.ts), shared across Next's bundles on the global object.
 * @returns {Map<string, unknown>}
 */
function processState() {
  const global = /** @type {typeof globalThis & { [PROCESS_STATE]?: Map<string, unknown> }} */ (globalThis);
  return (global[PROCESS_STATE] ??= new Map());
}

/** Whether the site's start-up is done (lib/process-state.ts marks it). */
const started = () => processState().get('started') === true;

/**
 * Calls `resume` once the start-up is done: at once if it is. The first visitors after a start were otherwise
 * answered by Next, which waits for the start-up too, with the page as it wrote it, its own headers, gzip made for
 * each request (16 KB) or nothing for a client that takes only Brotli (48 KB), where the build's copy is 13.6 KB.
 * @param {() => void} resume
 */
function whenStarted(resume) {
  if (started()) return resume();
  const state = processState();
  const waiting = /** @type {(() => void)[] | undefined} */ (state.get('startedWaiters')) ?? [];
  state.set('startedWaiters', [...waiting, resume]);
}

/** @typedef {import('node:http').RequestListener} RequestListener */

/**
 * @param {unknown} arg
 * @returns {arg is RequestListener}
 */
const isListener = (arg) => typeof arg === 'function';

// Next's server makes one HTTP server, with http.createServer: its request listener is wrapped, and the door, not
// Node, answers a request that names no host (SERVER_OPTIONS).
const createServer = http.createServer;
/** @param {(import('node:http').ServerOptions | RequestListener)[]} args */
function createServerBehindTheFrontDoor(...args) {
  http.createServer = createServer;
  const listener = args.find(isListener);
  if (!listener) throw new Error("Next's server was made without a request listener: the front door has nothing to stand before");
  /** @type {RequestListener} */
  const throughTheDoor = (request, response) =>
    frontDoor(request, response, (passed, answer) => {
      // What Next answers carries the site's headers even where Next redirects before applying them; what the build
      // wrote carries them already, and the page most asked for is answered without the extra step.
      const toNext = () => {
        redirectWithSiteHeaders(passed, answer);
        if (afterPaintScript !== null) sendAfterPaint(passed, answer, afterPaintScript, clientModules, iconAddress);
        return listener(passed, answer);
      };
      // Only a read may be of what the build wrote; anything else goes to Next, which waits for the start-up itself.
      if (passed.method !== 'GET' && passed.method !== 'HEAD') return toNext();
      whenStarted(() => serveWrittenAtBuild(passed, answer) || toNext());
    });
  const options = args.find((arg) => typeof arg === 'object') ?? {};
  const server = createServer({ ...options, ...SERVER_OPTIONS }, throughTheDoor);
  // The answers Node would write itself, to CONNECT and to a request it cannot read, with the site's headers.
  server.on('connect', answerConnect);
  server.on('clientError', answerUnreadable);
  return server;
}
http.createServer = /** @type {typeof createServer} */ (createServerBehindTheFrontDoor);

require('./next-server.js');
