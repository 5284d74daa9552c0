// After `next build`: the prerendered pages as the standalone server sends them (server/prerendered-pages.cjs).
//
// Next writes a prerendered page with its scripts in the head, each to run the moment it arrives, and the page's
// data for hydration inline at its foot: 60 KB of a 107 KB page, sent again in the HTML beside what it describes.
// On a phone nothing of either is needed to show the page; both only wake it. So the data moves into a file of
// its own, and one inline script (scripts/first-paint.mjs) asks for that file and the scripts once the first
// paint is on screen. The page is then one round trip of HTML, painted without waiting for anything, and
// hydrates after. It reads the HTML as one release of Next writes it (server/next-version.cjs), and says so when
// a page is not so.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { inlineScriptHashes } from '../lib/content-security-policy.mjs';
import { transformSync } from 'esbuild';
import { NEXT_VERSION } from '../server/next-version.cjs';
import { NO_MODULE_SCRIPT, SCRIPT_PRELOAD } from '../server/after-paint.cjs';
import { firstPaintScript } from './first-paint.mjs';

const CHUNK_SCRIPT = /<script src="([^"]+)" async=""><\/script>/g;
// next/font's stand-in for a font preload where none is preloaded: a connection to the page's own origin, which
// the page already has, and the typefaces wait for its first paint anyway. 48 bytes of its first round trip.
const OWN_ORIGIN_PRECONNECT = /<link rel="preconnect" href="\/" crossorigin=""\/>/g;
// Next's mark that the page's fonts have metric-matched stand-ins, which nothing in a browser reads.
const SIZE_ADJUST_MARK = /<meta name="next-size-adjust" content=""\/>/g;
// The card's title, description and image written again for X, which Next copies from the Open Graph ones: X
// reads those where its own are missing. The card's kind and the image's description stay.
const TWITTER_COPIES = /<meta name="twitter:(?:title|description|image|image:type|image:width|image:height)" [^>]*\/>/g;
// The card image's type, which whoever fetches the image reads from its answer's Content-Type.
const OPEN_GRAPH_IMAGE_TYPE = /<meta property="og:image:type" [^>]*\/>/g;
// The hints next/metadata writes beside the page's icons: the size of its only icon, and the type of each, which the
// browser reads from the file. The touch icon keeps its size.
const ICON_HINTS = /(<link rel="icon" href="[^"]*")(?: sizes="[^"]*")? type="image\/png"\/>|(<link rel="apple-touch-icon" href="[^"]*"(?: sizes="[^"]*")?) type="image\/png"\/>/g;
// next/font's class for each typeface, which the pages never use: they set the faces through its variables
// (app/layout.tsx). Dropped where no element has it.
const FONT_CLASS_RULE = /\.([\w-]+_className)\{font-family:[^}]*\}/g;
// What lightningcss declares beside a color-scheme for its light-dark() stand-in, on a page that has no light-dark().
const LIGHT_DARK_VARIABLES = '--lightningcss-light:initial;--lightningcss-dark: ;';
// Next's own inline scripts: the page's data for hydration, and the list of chunks its runtime loads.
const NEXT_INLINE_SCRIPT = /<script(?: id="[^"]*")?>((?:\(self\.__next_f=|self\.__next_f\.push\(|\(globalThis\["TURBOPACK"\])[\s\S]*?)<\/script>/g;

/**
 * Where a page's data is served, named by its content; and the pattern of such addresses. Ten hex digits (40 bits)
 * tell one version of the data from another. The data changes with every build (Next draws its actions' names anew),
 * so the digits are as good as random, which compression leaves at half a byte each, in a home page whose first
 * round trip is short of bytes (BENCHMARKS.md).
 */
const PAGE_DATA_DIGITS = 10;
/** @param {string} data */
export function pageDataAddress(data) {
  return `/_next/static/chunks/page-${createHash('sha256').update(data).digest('hex').slice(0, PAGE_DATA_DIGITS)}.js`;
}
export const PAGE_DATA_ADDRESS = new RegExp(`/_next/static/chunks/page-[0-9a-f]{${PAGE_DATA_DIGITS}}\\.js`);

/**
 * Whether the page has been through deferHydration already: its script names the page data's file.
 * @param {string} html
 */
export function isDeferred(html) {
  return PAGE_DATA_ADDRESS.test(html);
}

/**
 * Where the page's script goes: before the head's first style sheet, or where Next put its first script in a head
 * without one. The script adds the hero's faces, and adding a face has the browser take in every style sheet read so
 * far (its rules sorted, its faces made: 0.9 to 1.3 ms on the CPU of an unthrottled Chromium), inside the parse's first
 * task, which a phone's speed already takes past 50 ms (BENCHMARKS.md); with no sheet read yet, that work is the first
 * style recalculation's, in the task that lays the page out.
 *
 * @param {string} html
 */
function loaderPlace(html) {
  const head = html.slice(0, html.indexOf('</head>'));
  const sheet = head.search(/<style\b/);
  return sheet === -1 ? html.search(CHUNK_SCRIPT) : sheet;
}

/**
 * The page's script made small (esbuild: local names shortened, blanks dropped): every byte of it is in the
 * page's first round trip, and written out as its functions read in scripts/first-paint.mjs it took the page
 * past one.
 *
 * @param {string} script
 */
export function minifyScript(script) {
  return transformSync(script, { minify: true, target: 'es2022' }).code.trim();
}

/**
 * The page with its data and scripts moved after the first paint and the hero's faces in its script, and the
 * text of the data's file; null for a page done already. What the page carries for nobody goes on the way: the
 * marks and copies named above, and the rules nothing on it uses (withoutDeadRules). Throws when the page is not as Next writes one,
 * rather than leave it half done.
 *
 * @param {string} html
 * @param {(data: string) => string} dataAddress where the data's file will be served, from its text
 * @param {[string, number, string][]} faces the hero's faces (scripts/hero-fonts.mjs)
 * @returns {{ html: string, data: string } | null}
 */
export function deferHydration(html, dataAddress, faces = []) {
  if (isDeferred(html)) return null;
  const chunks = [...html.matchAll(CHUNK_SCRIPT)].map(([, source = '']) => source);
  const inline = [...html.matchAll(NEXT_INLINE_SCRIPT)].map(([, body = '']) => body);
  if (chunks.length === 0 || !inline.some((body) => body.includes('self.__next_f.push(['))) {
    throw new Error(`A prerendered page has no async scripts or no inline page data where Next ${NEXT_VERSION} puts them: has its output changed?`);
  }
  const data = `${inline.join(';\n')};\n`;
  const loader = `<script>${minifyScript(firstPaintScript({ faces, sources: [dataAddress(data), ...new Set(chunks)] }))}</script>`;
  const at = loaderPlace(html);
  const deferred = `${html.slice(0, at)}${loader}${html.slice(at)}`
    .replaceAll(CHUNK_SCRIPT, '')
    .replaceAll(SCRIPT_PRELOAD, '')
    .replaceAll(NO_MODULE_SCRIPT, '')
    .replaceAll(OWN_ORIGIN_PRECONNECT, '')
    .replaceAll(SIZE_ADJUST_MARK, '')
    .replaceAll(TWITTER_COPIES, '')
    .replaceAll(OPEN_GRAPH_IMAGE_TYPE, '')
    .replaceAll(ICON_HINTS, (_link, /** @type {string | undefined} */ icon, /** @type {string} */ touchIcon) => `${icon ?? touchIcon}/>`)
    .replaceAll(NEXT_INLINE_SCRIPT, '');
  return { html: withoutDeadRules(deferred), data };
}

/**
 * The page without the rules of its inline style sheets that nothing on it uses, and with no keyframes written out
 * twice: each byte of those sheets is in its first round trip, where the home page has a few dozen to spare.
 *
 * @param {string} html
 */
export function withoutDeadRules(html) {
  const classes = new Set([...html.matchAll(/\bclass="([^"]*)"/g)].flatMap(([, names = '']) => names.split(/\s+/)));
  const kept = withKeyframesOnce(html.replace(FONT_CLASS_RULE, (rule, /** @type {string} */ name) => (classes.has(name) ? rule : '')));
  return kept.includes('var(--lightningcss-') ? kept : kept.replaceAll(LIGHT_DARK_VARIABLES, '');
}

// Each inline style sheet of a page: its opening tag, its rules, its closing tag.
const INLINE_SHEET = /(<style\b[^>]*>)([\s\S]*?)(<\/style>)/g;

/**
 * The page with the rules of each inline style sheet rewritten.
 *
 * @param {string} html
 * @param {(css: string) => string} rewrite
 */
function withInlineSheets(html, rewrite) {
  return html.replace(
    INLINE_SHEET,
    /** @type {(whole: string, open: string, css: string, close: string) => string} */
    (_whole, open, css, close) => `${open}${rewrite(css)}${close}`,
  );
}

// A @keyframes rule whose frames hold no braces of their own beyond each frame's (as lightningcss writes them).
const KEYFRAMES = /@keyframes ([\w-]+)(\{(?:[^{}]*\{[^{}]*\})*\})/g;

/**
 * The page with each set of keyframes written once: CSS modules name a file's keyframes for that file, so the same
 * frames used by three modules (styles/_tokens.scss, rise-into-view) come out three times under three names. The
 * first name is kept, and the animations that named the others take it.
 *
 * @param {string} html
 */
function withKeyframesOnce(html) {
  /** @type {Map<string, string>} the first name of each set of frames */
  const firstNamed = new Map();
  /** @type {Map<string, string>} each later name, with the first name of its frames */
  const renamed = new Map();
  const sheets = [...html.matchAll(INLINE_SHEET)].map(([, , css = '']) => css).join('');
  for (const [, name = '', frames = ''] of sheets.matchAll(KEYFRAMES)) {
    const first = firstNamed.get(frames);
    if (first !== undefined) renamed.set(name, first);
    else firstNamed.set(frames, name);
  }
  if (renamed.size === 0) return html;
  // Names are word characters and hyphens, none of them special in a pattern.
  const names = new RegExp(`(?<![\\w-])(?:${[...renamed.keys()].join('|')})(?![\\w-])`, 'g');
  return withInlineSheets(html, (css) =>
    css
      .replace(KEYFRAMES, (rule, /** @type {string} */ name) => (renamed.has(name) ? '' : rule))
      .replace(
        /(animation(?:-name)?:)([^;}]*)/g,
        /** @type {(declaration: string, property: string, value: string) => string} */
        (_declaration, property, value) => `${property}${value.replace(names, (name) => renamed.get(name) ?? name)}`,
      ),
  );
}

/**
 * Where a page's print rules are served, named by their content.
 * @param {string} css
 */
export const printRulesAddress = (css) => `/_next/static/chunks/print-${createHash('sha256').update(css).digest('hex').slice(0, 16)}.css`;

/**
 * The page with the print rules of its inline style sheets moved into a file of their own, asked for with
 * `media="print"` at the end of the body: a browser never waits for such a sheet to paint a screen, where every byte of
 * an inline sheet is in the page's first round trip (2.3 KB of the home page's 20 KB were for paper). Asking for it is
 * work too (0.6 to 0.9 ms on the CPU of an unthrottled Chromium, as the parser meets the link), left out of the head's
 * parse, among the page's longest tasks before its first paint (BENCHMARKS.md). The link is `disabled`, which a browser
 * does not fetch until the page's script lets it in with its first paint (scripts/first-paint.mjs): fetched as the
 * parse ended, it came in before that paint in some loads and not in others, and Lighthouse's simulation charged its
 * round trip to the largest paint when it did (BENCHMARKS.md). Without JavaScript the same link, inside `<noscript>`,
 * is fetched as the page is read. Null for a page with none.
 *
 * @param {string} html
 * @param {(css: string) => string} address where the print rules will be served, from their text
 * @returns {{ html: string, css: string } | null}
 */
export function movePrintRules(html, address) {
  let printed = '';
  const kept = withInlineSheets(html, (css) => {
    let rest = '';
    let at = 0;
    for (let start = css.indexOf('@media print{'); start !== -1; start = css.indexOf('@media print{', at)) {
      let depth = 0;
      let end = start + '@media print'.length;
      do {
        if (css[end] === '{') depth += 1;
        else if (css[end] === '}') depth -= 1;
        end += 1;
        if (end > css.length) throw new Error(`An inline style sheet with an unbalanced @media print block, which Next ${NEXT_VERSION} never wrote: has its output changed?`);
      } while (depth > 0);
      rest += css.slice(at, start);
      printed += css.slice(start, end);
      at = end;
    }
    return `${rest}${css.slice(at)}`;
  });
  if (!printed) return null;
  const end = kept.lastIndexOf('</body>');
  if (end === -1) throw new Error('A prerendered page without </body>: nowhere to ask for its print rules');
  const link = `<link rel="stylesheet" href="${address(printed)}" media="print"`;
  return { html: `${kept.slice(0, end)}${link} disabled=""/><noscript>${link}/></noscript>${kept.slice(end)}`, css: printed };
}

/**
 * A strong ETag of these bytes: 96 bits of their digest, as many as any one address will ever need to tell its
 * versions apart, and the home page's headers have no room for more.
 * @param {Buffer} bytes
 * @param {string} suffix
 */
function etagOf(bytes, suffix) {
  return `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 16)}${suffix}"`;
}

/** @typedef {import('../server/static-answers.cjs').Encoding} Encoding */
/** @typedef {{ file: string, etag: string }} WrittenFile an encoding's file, as the manifest names it, and its ETag */
/** @typedef {Record<Encoding, number>} EncodedSizes the bytes of each encoding */

/**
 * The ETag suffix of each encoding: each is a representation of its own (RFC 9110), so none may share a tag.
 * @type {Record<Encoding, string>}
 */
const ETAG_SUFFIX = { identity: '', br: '-br', gzip: '-gz' };

/**
 * Writes these bytes compressed once with Brotli (at its best) and gzip, and as they are when `identity`, each
 * into outDir under the name `fileOf` gives it; returns where each went with its ETag, and the size of each encoding.
 *
 * @param {Buffer} identity
 * @param {string} outDir
 * @param {(encoding: Encoding) => string} fileOf
 * @param {boolean} identityToo
 * @returns {{ encodings: Partial<Record<Encoding, WrittenFile>>, sizes: EncodedSizes }}
 */
function writeEncodings(identity, outDir, fileOf, identityToo) {
  const br = brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } });
  const gzip = gzipSync(identity, { level: 9 });
  /** @type {[Encoding, Buffer][]} */
  const variants = [
    ['br', br],
    ['gzip', gzip],
  ];
  if (identityToo) variants.unshift(['identity', identity]);
  /** @type {Partial<Record<Encoding, WrittenFile>>} */
  const encodings = {};
  for (const [encoding, bytes] of variants) {
    const file = fileOf(encoding);
    writeFileSync(path.join(outDir, file), bytes);
    encodings[encoding] = { file, etag: etagOf(identity, ETAG_SUFFIX[encoding]) };
  }
  return { encodings, sizes: { identity: identity.length, br: br.length, gzip: gzip.length } };
}

/**
 * The kinds of file of .next/static that compress: the rest (typefaces, photographs) are compressed already.
 * @type {Record<string, string>}
 */
const COMPRESSIBLE = { '.js': 'application/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' };

/**
 * Writes the build's scripts and style sheets (every .js and .css file under `staticDir`, served at
 * `/_next/static/…`) compressed once with Brotli and gzip into `outDir`, with manifest.json:
 * `{ [pathname]: { type, encodings: { br, gzip: { file, etag } } } }`. Next would compress each with gzip for
 * every request: a phone is sent Brotli's smaller bytes, and the server does the work once. The files as they
 * are stay with Next, which answers the clients that ask for neither encoding, and ranges.
 *
 * @param {string} staticDir the build's .next/static
 * @param {string} outDir
 * @returns {{ files: number, identity: number, br: number, gzip: number }} how many files, and their bytes in each form
 */
export function writeStaticEncodings(staticDir, outDir) {
  mkdirSync(outDir, { recursive: true });
  /** @type {Record<string, { type: string, encodings: Partial<Record<Encoding, WrittenFile>> }>} */
  const manifest = {};
  const totals = { files: 0, identity: 0, br: 0, gzip: 0 };
  for (const name of readdirSync(staticDir, { recursive: true, encoding: 'utf8' }).sort()) {
    const type = COMPRESSIBLE[path.extname(name)];
    if (type === undefined) continue;
    const identity = readFileSync(path.join(staticDir, name));
    const pathname = `/_next/static/${name.split(path.sep).join('/')}`;
    // Named by a hash of the address and by the encoding: two files of one name in different folders never meet.
    const base = createHash('sha256').update(pathname).digest('hex').slice(0, 20);
    const { encodings, sizes } = writeEncodings(identity, outDir, (encoding) => `${base}.${encoding}`, false);
    manifest[pathname] = { type, encodings };
    totals.files += 1;
    totals.identity += identity.length;
    totals.br += sizes.br;
    totals.gzip += sizes.gzip;
  }
  writeFileSync(path.join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 1)}\n`);
  return totals;
}

/**
 * Writes each page as it is, and compressed once with Brotli (at its best) and gzip, into `outDir`, with
 * manifest.json: `{ [pathname]: { scripts, encodings: { [encoding]: { file, etag } } } }`. Each encoding has an
 * ETag of its own, since each is a different representation of the page; `scripts` are the CSP sources of the
 * page's own inline scripts, the only ones its policy need allow.
 *
 * @param {Record<string, string>} pages the HTML of each page, by pathname
 * @param {string} outDir
 * @returns {Record<string, EncodedSizes>} the bytes of each encoding, by pathname
 */
export function writePageEncodings(pages, outDir) {
  mkdirSync(outDir, { recursive: true });
  /** @type {Record<string, { scripts: string[], encodings: Partial<Record<Encoding, WrittenFile>> }>} */
  const manifest = {};
  /** @type {Record<string, EncodedSizes>} */
  const sizes = {};
  for (const [pathname, html] of Object.entries(pages)) {
    const base = pathname === '/' ? 'index' : pathname.slice(1).replaceAll('/', '__');
    const { encodings, sizes: encoded } = writeEncodings(Buffer.from(html, 'utf8'), outDir, (encoding) => `${base}.${encoding}.html`, true);
    sizes[pathname] = encoded;
    manifest[pathname] = { scripts: inlineScriptHashes(html), encodings };
  }
  writeFileSync(path.join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 1)}\n`);
  return sizes;
}
