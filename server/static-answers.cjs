// What the answers the standalone server gives before Next does (images, pages, scripts and style sheets
// written at build) share: the headers next.config.ts gives every response, as the routes manifest states them
// once built; the reading of what the build compressed and the choice among its encodings; and the sending of
// bytes held in memory, with their ETag.
'use strict';

const { existsSync, readFileSync } = require('node:fs');
const path = require('node:path');

/** @typedef {import('node:http').IncomingMessage} IncomingMessage */
/** @typedef {import('node:http').ServerResponse} ServerResponse */
/** @typedef {(request: IncomingMessage, response: ServerResponse) => boolean} Answerer answers a request from what the build wrote: true when it did */
/** @typedef {(request: IncomingMessage, pathname: string) => Record<string, string>} SiteHeaders */

/**
 * A rule of the routes manifest's `headers`, as Next writes next.config.ts's there.
 * @typedef {{ source: string, regex: string, headers: { key: string, value: string }[], has?: Condition[], missing?: Condition[] }} HeaderRule
 * @typedef {{ type: string, key: string, value?: string }} Condition
 */

/**
 * As Next matches a `has` or `missing` header: present, or its whole value matching the pattern given.
 * @param {Condition} condition
 */
const compileCondition = ({ key, value }) => ({ name: key.toLowerCase(), value: value === undefined ? undefined : new RegExp(`^${value}$`) });

/**
 * @param {IncomingMessage} request
 * @param {ReturnType<typeof compileCondition>} condition
 */
function matches(request, { name, value }) {
  const sent = request.headers[name];
  return sent !== undefined && (value === undefined || value.test(String(sent)));
}

/**
 * @param {string} routesManifest the build's routes-manifest.json
 * @returns {SiteHeaders}
 */
function createSiteHeaders(routesManifest) {
  /** @type {HeaderRule[]} */
  const written = JSON.parse(readFileSync(routesManifest, 'utf8')).headers ?? [];
  const rules = written.map((rule) => {
    const conditions = [...(rule.has ?? []), ...(rule.missing ?? [])];
    // Only header conditions are written in next.config.ts; another kind would be answered wrongly here, so the server refuses to start.
    if (conditions.some((condition) => condition.type !== 'header')) throw new Error(`The header rule for ${rule.source} has a condition other than a header's`);
    return { ...rule, pattern: new RegExp(rule.regex), has: rule.has?.map(compileCondition), missing: rule.missing?.map(compileCondition) };
  });

  return function siteHeaders(request, pathname) {
    /** @type {Record<string, string>} */
    const headers = {};
    for (const rule of rules) {
      if (!rule.pattern.test(pathname)) continue;
      if (rule.has && !rule.has.every((condition) => matches(request, condition))) continue;
      if (rule.missing && rule.missing.some((condition) => matches(request, condition))) continue;
      for (const { key, value } of rule.headers) headers[key.toLowerCase()] = value;
    }
    return headers;
  };
}

/**
 * Whether If-None-Match names this ETag (weakly compared, as RFC 9110 asks for GET and HEAD), or is `*`.
 * @param {string | undefined} header
 * @param {string} etag
 */
function notModified(header, etag) {
  if (header === undefined) return false;
  /** @param {string} tag */
  const bare = (tag) => tag.trim().replace(/^W\//, '');
  return String(header)
    .split(',')
    .some((tag) => tag.trim() === '*' || bare(tag) === etag);
}

/** @typedef {'br' | 'gzip'} Compression */
/** @typedef {Compression | 'identity'} Encoding */
/** @typedef {{ bytes: Buffer, etag: string }} EncodedBytes */
/** @typedef {{ encodings: Partial<Record<Encoding, EncodedBytes>>, [field: string]: unknown }} EncodedEntry */

/**
 * What a build step wrote compressed (scripts/build-pages.mjs): its manifest, each address with every
 * encoding's bytes read into memory once; null when the build wrote none (or predates the step), which leaves
 * those addresses to Next.
 *
 * @param {string} directory where the manifest and the files are
 * @returns {Map<string, EncodedEntry> | null}
 */
function readEncodedFiles(directory) {
  const manifestFile = path.join(directory, 'manifest.json');
  if (!existsSync(manifestFile)) return null;
  /** @type {Record<string, { encodings: Record<string, { file: string, etag: string }>, [field: string]: unknown }>} */
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  return new Map(
    Object.entries(manifest).map(([pathname, { encodings, ...rest }]) => [
      pathname,
      {
        ...rest,
        encodings: Object.fromEntries(
          Object.entries(encodings).map(([encoding, { file, etag }]) => [encoding, { bytes: readFileSync(path.join(directory, file)), etag }]),
        ),
      },
    ]),
  );
}

/**
 * The encodings the build writes, best first: the order settles a tie in the client's weights.
 * @type {Compression[]}
 */
const ENCODINGS = ['br', 'gzip'];

/**
 * The encoding the client weighs highest (Accept-Encoding, with its q-values) of those the build writes, or
 * 'identity' where it accepts none of them or weighs 'identity' itself higher.
 * @param {string | undefined} header
 * @returns {Encoding}
 */
function chooseEncoding(header) {
  /** @type {Map<string, number>} */
  const weights = new Map();
  for (const part of String(header ?? '').split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = parameters.map((parameter) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(parameter)?.[1]).find((value) => value !== undefined);
    weights.set(name === 'x-gzip' ? 'gzip' : name, q === undefined ? 1 : Number(q));
  }
  /** @param {string} name */
  const weight = (name) => weights.get(name) ?? weights.get('*') ?? 0;
  // A stable sort: of two weighed alike, the one the build prefers.
  const [best] = ENCODINGS.filter((name) => weight(name) > 0).sort((a, b) => weight(b) - weight(a));
  return best !== undefined && weight(best) >= (weights.get('identity') ?? 0) ? best : 'identity';
}

/**
 * Answers a GET or HEAD with bytes held in memory: 304 when the client holds them already.
 *
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 * @param {{ headers: Record<string, string>, bytes: Buffer, etag: string }} answer
 * @returns {true}
 */
function sendBytes(request, response, { headers, bytes, etag }) {
  if (notModified(request.headers['if-none-match'], etag)) {
    response.writeHead(304, { ...headers, etag });
    response.end();
    return true;
  }
  response.writeHead(200, { ...headers, etag, 'content-length': bytes.length });
  response.end(request.method === 'HEAD' ? undefined : bytes);
  return true;
}

module.exports = { chooseEncoding, createSiteHeaders, readEncodedFiles, sendBytes };
