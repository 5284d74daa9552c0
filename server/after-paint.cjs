// A page Next renders per request (sign-in, a tour's page, the portal, the team's pages: everything but the prerendered
// home page, which the build treats the same way, scripts/build-pages.mjs) is sent to be painted from its HTML alone.
// Next writes its scripts in the head, each to be fetched at once and run as it arrives: on a phone they were fetched
// and run before the largest words were painted, which then waited for them (BENCHMARKS.md). Here each such script is
// left in the page inert (`data-after-paint`), the preloads of them and the script for browsers without modules are
// dropped, and the page's one script (scripts/first-paint.mjs: paintFirst, written by the build) goes first in the head,
// with the request's nonce: it adds the scripts back once the page is painted. Its typefaces are shown only if they
// come in time for its first paint (SWAPPED_FACE). The page still streams as Next writes it; to be read as text it is
// asked of Next uncompressed, and compressed here (Brotli, or gzip), flushed with each part Next sends. Next's inline
// scripts (the page's data) are held to the end of the body, inert until its scripts are added (inertData). A page
// with nothing to hydrate is marked so, sent without them, and its scripts are not added (SCRIPTLESS_MARK); one whose
// only other client modules are forms that post without their script is marked to be woken when it is used
// (INTENT_MARK); the privacy notice, which never has any (WITHOUT_SCRIPTS), is sent with no script of Next's at all.
'use strict';

const zlib = require('node:zlib');
const { chooseEncoding } = require('./static-answers.cjs');

/** A script of the build, as Next writes one into a page: its address, then `async` and the nonce in either order. */
const CHUNK_SCRIPT = /<script src="(\/_next\/static\/[^"]+\.js)"(?: async=""| nonce="[^"]*")*><\/script>/g;
/**
 * The polyfills for browsers without JavaScript modules, which cannot run Next's chunks whatever they are given; with
 * a nonce or without one (a prerendered page's: scripts/build-pages.mjs drops them too).
 */
const NO_MODULE_SCRIPT = /<script src="[^"]+"(?: noModule=""| nonce="[^"]*")+><\/script>/g;
/** Next's hints to fetch those scripts early, in a page rendered per request or prerendered (scripts/build-pages.mjs). */
const SCRIPT_PRELOAD = /<link rel="preload" as="script"[^>]*\/>/g;
/**
 * How next/font has the typefaces shown (styles/fonts.ts): swapped in whenever they arrive. On a page rendered per
 * request the typefaces are asked for only where the device has them already (scripts/first-paint.mjs: paintFirst),
 * and even from the browser's cache they came a frame after the first paint, and moved its words. `optional` waits
 * for them a moment (a tenth of a second at most) and otherwise keeps the stand-in for the whole visit: the words are
 * set once. So does a browser without JavaScript, which fetches them for its next page.
 */
const SWAPPED_FACE = 'font-display:swap';
const OPTIONAL_FACE = 'font-display:optional';
/**
 * A style sheet in the page, whose rules hold no `<`. Only there: the page's data for its scripts carries the same
 * rules again in strings whose lengths it states, and a word changed there broke the page's hydration.
 */
const STYLE_SHEET = /(<style\b[^>]*>)([^<]*)(<\/style>)/g;
/**
 * Pages with nothing to hydrate: no component of theirs runs in the browser, and their links are plain links. Next
 * writes React, its router and the page's data into them all the same, which took a phone's main thread for as long
 * as the page's own paint and more (BENCHMARKS.md). They are sent without any script of Next's, inert or inline.
 */
const WITHOUT_SCRIPTS = new Set(['/privacy']);
/**
 * Next's inline scripts, which only its scripts read: its bootstrap, the chunks' list and the page's data. Their text
 * holds no `<` (Next escapes it in what it writes there).
 */
const NEXT_INLINE_SCRIPT = /<script nonce="[^"]*"(?: id="[^"]*")?>(?:self\.__next_[a-z]+|\(self\.__next_f|\(globalThis\["TURBOPACK"\])[^<]*<\/script>/g;
/**
 * Those scripts as a page that wakes carries them: inert (`data-page-data`), as the page's script leaves them until it
 * adds Next's scripts, which alone read them: it runs them then, in their order, with their nonce, before those
 * (scripts/first-paint.mjs: paintFirst). Run as they were parsed, the portal's 190 KB of them were compiled before its
 * first paint, 6 ms of the phone's main thread at an unthrottled desktop's speed (BENCHMARKS.md).
 * @param {string} tag
 */
const inertData = (tag) => tag.replace('<script ', '<script type="text/plain" data-page-data ');
/**
 * The project's client components that work without their script: what the server renders of them is whole, and
 * their script only adds to it (the places' row, held on the current place by its style sheet until then; the tour
 * page's submit button, held still while its post is under way, where the store takes a second press of the same
 * form as the first). With Next's own (its router's boundaries, its metadata's), they are the modules a page may use
 * and still need no script.
 */
const WORK_WITHOUT_SCRIPTS = ['components/shared/places-nav.tsx', 'components/tours/tour-submit.tsx'];
/**
 * The project's client components that work before their script: forms bound to their Server Action, which post as
 * plain forms do, and come back as the page with the form's answer (a page answering a post is not rewritten here:
 * it wakes at once). The script only adds to them: the button's words while a post is under way, the cursor put
 * where the answer points, and on sign-in the passkey's way in (scripts/first-paint.mjs: paintFirst). A page whose
 * other client modules need no script is woken only as the visitor goes to use one of its forms (INTENT_MARK): sign-in,
 * the portal, the team's estates and tours, where React's start and the page's hydration were most of a phone's work
 * for a page that may only be read (BENCHMARKS.md).
 */
const WORK_BEFORE_SCRIPTS = ['components/account/sign-in-form.tsx', 'components/portal/registration-form.tsx', 'components/team/estate-form.tsx', 'components/team/tour-settings-form.tsx'];
/** Next's own client modules, as the build's client reference manifests name them. */
const NEXT_MODULES = '[project]/node_modules/next/';
/**
 * A client module the page's data asks the browser to load, in its import rows (`4:I[39756,[…],"default"]`, escaped
 * within the inline scripts' strings): the id, quoted or not.
 */
const CLIENT_REFERENCE = /:I\[\\?"?([^,\]\\"]+)\\?"?,/g;
/**
 * What marks a page whose every client module needs no script (WORK_WITHOUT_SCRIPTS): written before its end, where
 * the page's script reads it before it adds the page's scripts (scripts/first-paint.mjs: paintFirst), and adds none.
 */
const SCRIPTLESS_MARK = '<template data-scriptless></template>';
/**
 * What marks a page whose client modules that need a script all work before it (WORK_BEFORE_SCRIPTS): written before
 * its data, at its end, where the page's script reads it and holds the page's scripts until one of its forms is used.
 */
const INTENT_MARK = '<template data-on-intent></template>';
const BODY_END = '</body>';
/**
 * The site's icon, as next/metadata writes it (a file of its own, `/icon.png`). The browser asks for a page's icon
 * once the page has loaded, and a page rendered here loads before it is painted (it has no script to wait for): the
 * icon's request went out ahead of the first paint, a round trip that Lighthouse then counted before the portal's
 * largest words, in most runs (BENCHMARKS.md). Such a page carries the icon in itself instead (a 32 px copy, under half
 * a kilobyte: scripts/prepare-standalone.mjs), and asks for nothing; a page without any icon had the browser ask for
 * `/favicon.ico` at the same moment.
 */
const ICON_LINK = /<link rel="icon" href="[^"]*"[^>]*\/>/;
/** The width and height of that copy, in pixels: the size a browser's tab shows an icon at. */
const ICON_SIZE = 32;
/** Where the page's script goes: first in the head, before its style sheets and anything that could be painted. */
const HEAD = '<head>';
/** The request header with which Next answers a page's address with its RSC payload, not its HTML. */
const RSC_HEADER = 'rsc';

/**
 * The page's text with its scripts made inert; `held` is what is kept back for the next part: from the last `<` on,
 * which may open a tag the next part finishes, or from a script or style sheet the next part ends.
 *
 * @param {string} text
 * @param {boolean} last whether no part follows
 * @param {boolean} bare whether the page is sent without Next's scripts at all (WITHOUT_SCRIPTS)
 * @param {string | null} icon the icon's link as the page carries it (ICON_LINK), or null to leave it as it is
 * @returns {{ out: string, held: string }}
 */
function rewritten(text, last, bare, icon) {
  const done = (bare ? text.replace(CHUNK_SCRIPT, '').replace(NEXT_INLINE_SCRIPT, '') : text)
    .replace(ICON_LINK, (link) => icon ?? link)
    .replace(NO_MODULE_SCRIPT, '')
    .replace(SCRIPT_PRELOAD, '')
    .replace(STYLE_SHEET, (_sheet, /** @type {string} */ open, /** @type {string} */ rules, /** @type {string} */ close) => `${open}${rules.replaceAll(SWAPPED_FACE, OPTIONAL_FACE)}${close}`)
    .replace(CHUNK_SCRIPT, (_tag, /** @type {string} */ source) => `<script type="text/plain" data-after-paint="${source}"></script>`);
  if (last) return { out: done, held: '' };
  // A script or style sheet whose end has not come yet is held whole: each is only read once its end tag closes it.
  const unfinished = ['script', 'style']
    .map((name) => {
      const start = done.lastIndexOf(`<${name}`);
      return start !== -1 && !done.includes(`</${name}>`, start) ? start : -1;
    })
    .filter((start) => start !== -1);
  // Else only a tag the next part finishes: a script held whole goes out whole, its data to be read as one.
  const lastTag = done.lastIndexOf('<');
  const open = unfinished.length ? Math.min(...unfinished) : lastTag !== -1 && !done.includes('>', lastTag) ? lastTag : -1;
  return open === -1 ? { out: done, held: '' } : { out: done.slice(0, open), held: done.slice(open) };
}

/**
 * The ids the build gave the client modules that `kept` takes, from its client reference manifests
 * (`.next/server/app/**\/*_client-reference-manifest.js`), each given as its text.
 * @param {string[]} manifests
 * @param {(name: string) => boolean} kept whether a module, by its name in the manifests, is one of those wanted
 * @returns {string[]}
 */
function moduleIds(manifests, kept) {
  const ids = new Set();
  for (const text of manifests) {
    for (const [, name, id] of text.matchAll(/"(\[project\]\/[^"]+)":\{"id":"?([^",]+)"?,/g)) if (name && kept(name)) ids.add(String(id));
  }
  return [...ids].sort();
}

/** @param {string[]} files the project's modules, by their paths @param {string} name a module's name in the manifests */
const among = (files, name) => files.some((file) => name === `[project]/${file}`);

/**
 * The ids of the client modules that need no script (WORK_WITHOUT_SCRIPTS and Next's own), and of those that work
 * before it (WORK_BEFORE_SCRIPTS), from the build's client reference manifests, each given as its text.
 * @param {string[]} manifests
 * @returns {{ scriptless: string[], onIntent: string[] }}
 */
function clientModules(manifests) {
  return {
    // Not Next's client-only rendering (next/dynamic without server rendering) or its script loader, which draw nothing without a script.
    scriptless: moduleIds(manifests, (name) => (name.startsWith(NEXT_MODULES) && !/\/lazy-dynamic\/|\/script\.js$/.test(name)) || among(WORK_WITHOUT_SCRIPTS, name)),
    onIntent: moduleIds(manifests, (name) => among(WORK_BEFORE_SCRIPTS, name)),
  };
}

/**
 * Has this response, if it is an HTML page, sent with its scripts after its paint (above). A request for anything
 * other than a page (a read without `text/html` in its Accept, an RSC payload, a HEAD) is left as it is. A page
 * whose data asks for no client module but those in `scriptless` is marked as needing no script (SCRIPTLESS_MARK);
 * one that also asks for some of those in `onIntent`, and for no other, is marked to be woken when used (INTENT_MARK).
 *
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 * @param {string} script the page's script (scripts/first-paint.mjs: paintFirstScript), as the build wrote it
 * @param {{ scriptless: ReadonlySet<string>, onIntent: ReadonlySet<string> }} [modules] the ids of the client modules
 *   that need no script, and of those that work before it (clientModules)
 * @param {string | null} [iconAddress] the icon as the page carries it, a `data:` address (ICON_LINK); without it the
 *   page links to the icon's file
 */
function sendAfterPaint(request, response, script, modules = { scriptless: new Set(), onIntent: new Set() }, iconAddress = null) {
  if (request.method !== 'GET' || request.headers[RSC_HEADER] !== undefined || !String(request.headers.accept ?? '').includes('text/html')) return;
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  delete request.headers['accept-encoding'];
  const bare = WITHOUT_SCRIPTS.has((request.url ?? '/').split('?')[0] ?? '');
  const icon = iconAddress === null ? null : `<link rel="icon" href="${iconAddress}" sizes="${ICON_SIZE}x${ICON_SIZE}" type="image/png"/>`;

  /** @type {null | { text: (chunk: string, last: boolean) => void }} */
  let page = null;
  let decided = false;
  const write = response.write.bind(response);
  const end = response.end.bind(response);
  const flushHeaders = response.flushHeaders.bind(response);

  const decide = () => {
    if (decided) return;
    decided = true;
    const type = String(response.getHeader('content-type') ?? '');
    const nonce = /'nonce-([^']+)'/.exec(String(response.getHeader('content-security-policy') ?? ''))?.[1];
    if (!type.startsWith('text/html') || response.getHeader('content-encoding') !== undefined || nonce === undefined || response.headersSent) return;
    response.removeHeader('content-length');
    const vary = String(response.getHeader('vary') ?? '');
    if (!/accept-encoding/i.test(vary)) response.setHeader('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    /** @type {zlib.BrotliCompress | zlib.Gzip | null} */
    let compressor = null;
    if (encoding === 'br') compressor = zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
    else if (encoding === 'gzip') compressor = zlib.createGzip({ level: 6 });
    if (compressor) {
      response.setHeader('content-encoding', encoding);
      compressor.on('data', (bytes) => write(bytes));
    }
    let held = '';
    let placed = false;
    // Whether a client module the page asks for needs its script, or works before it; and whether it asks for any,
    // as every page of Next's does (its router's): one whose data names none is read in a form this code does not
    // know, and wakes.
    let needsScripts = false;
    let worksBefore = false;
    let asksForModules = false;
    // Next's inline scripts (its bootstrap and the page's data, read only by its scripts), held to the end: sent
    // inert before the body's end to a page that wakes (inertData), and not at all to one that needs no script,
    // which was otherwise sent its whole content a second time (the inbox's 500 leads: 140 KB, half of it) and made
    // to read it.
    let data = '';
    page = {
      text(chunk, last) {
        let text = held + chunk;
        if (!placed && (text.includes(HEAD) || last)) {
          placed = true;
          const at = text.indexOf(HEAD);
          if (at !== -1) text = `${text.slice(0, at + HEAD.length)}<script nonce="${nonce}">${script}</script>${text.slice(at + HEAD.length)}`;
        }
        const next = rewritten(text, last, bare, icon);
        held = next.held;
        for (const [, id] of next.out.matchAll(CLIENT_REFERENCE)) {
          asksForModules = true;
          if (modules.onIntent.has(String(id))) worksBefore = true;
          else if (!modules.scriptless.has(String(id))) needsScripts = true;
        }
        next.out = next.out.replace(NEXT_INLINE_SCRIPT, (tag) => {
          data += inertData(tag);
          return '';
        });
        // The body's end waits for the last part, which decides whether the mark goes before it.
        const bodyEnd = next.out.indexOf(BODY_END);
        if (!last && bodyEnd !== -1) {
          held = next.out.slice(bodyEnd) + held;
          next.out = next.out.slice(0, bodyEnd);
        }
        if (last) {
          const tail = bare ? '' : needsScripts || !asksForModules ? data : worksBefore ? INTENT_MARK + data : SCRIPTLESS_MARK;
          const at = next.out.lastIndexOf(BODY_END);
          next.out = at === -1 ? next.out + tail : `${next.out.slice(0, at)}${tail}${next.out.slice(at)}`;
        }
        if (!compressor) {
          if (next.out) write(next.out);
          if (last) end();
          return;
        }
        if (next.out) compressor.write(next.out);
        if (last) {
          compressor.end();
          compressor.once('end', () => end());
        } else compressor.flush();
      },
    };
  };

  const decoder = new TextDecoder();
  /** @param {unknown} chunk @param {unknown} chunkEncoding */
  const asText = (chunk, chunkEncoding) =>
    typeof chunk === 'string' ? (typeof chunkEncoding === 'string' && chunkEncoding !== 'utf8' && chunkEncoding !== 'utf-8' ? Buffer.from(chunk, /** @type {BufferEncoding} */ (chunkEncoding)).toString('utf8') : chunk) : decoder.decode(/** @type {Uint8Array} */ (chunk), { stream: true });

  response.flushHeaders = () => {
    decide();
    flushHeaders();
  };
  response.write = /** @type {typeof response.write} */ (
    (/** @type {unknown} */ chunk, /** @type {unknown} */ chunkEncoding, /** @type {unknown} */ callback) => {
      decide();
      if (!page) return write(/** @type {any} */ (chunk), /** @type {any} */ (chunkEncoding), /** @type {any} */ (callback));
      page.text(asText(chunk, chunkEncoding), false);
      const done = typeof chunkEncoding === 'function' ? chunkEncoding : callback;
      if (typeof done === 'function') process.nextTick(done);
      return true;
    }
  );
  response.end = /** @type {typeof response.end} */ (
    (/** @type {unknown} */ chunk, /** @type {unknown} */ chunkEncoding, /** @type {unknown} */ callback) => {
      decide();
      if (!page) return end(/** @type {any} */ (chunk), /** @type {any} */ (chunkEncoding), /** @type {any} */ (callback));
      const text = typeof chunk === 'function' || chunk === undefined || chunk === null ? '' : asText(chunk, chunkEncoding);
      page.text(text + decoder.decode(), true);
      const done = [chunk, chunkEncoding, callback].find((part) => typeof part === 'function');
      if (typeof done === 'function') response.once('finish', /** @type {() => void} */ (done));
      return response;
    }
  );
}

module.exports = { sendAfterPaint, clientModules, ICON_SIZE, NO_MODULE_SCRIPT, SCRIPT_PRELOAD, SCRIPTLESS_MARK, INTENT_MARK };
