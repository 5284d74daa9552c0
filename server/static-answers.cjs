// What the answers the standalone server gives before Next does (images, pages, scripts and style sheets
// written at build) share: the headers next.config.ts gives every response, as the routes manifest states them
// once built; the reading of what the build compressed and the choice among its encodings; and the sending of
// bytes held in memory, with their ETag.
'use strict';

const { existsSync, readFileSync } = require('node:fs');
const path = require('node:path');

/**
 * @param {string} routesManifest the build's routes-manifest.json
 * @returns {(request: import('node:http').IncomingMessage, pathname: string) => Record<string, string>}
 */
function createSiteHeaders(routesManifest) {
  const rules = (JSON.parse(readFileSync(routesManifest, 'utf8')).headers ?? []).map((rule) => {
    const conditions = [...(rule.has ?? []), ...(rule.missing ?? [])];
    // Only header conditions are written in next.config.ts; another kind would be answered wrongly here, so the server refuses to start.
    if (conditions.some((condition) => condition.type !== 'header')) throw new Error(`The header rule for ${rule.source} has a condition other than a header's`);
    // As Next matches a `has` or `missing` header: present, or its whole value matching the pattern given.
    const compile = ({ key, value }) => ({ name: key.toLowerCase(), value: value === undefined ? undefined : new RegExp(`^${value}$`) });
    return { ...rule, pattern: new RegExp(rule.regex), has: rule.has?.map(compile), missing: rule.missing?.map(compile) };
  });

  const matches = (request, { name, value }) => {
    const sent = request.headers[name];
    return sent !== undefined && (value === undefined || value.test(String(sent)));
  };

  return function siteHeaders(request, pathname) {
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

/** Whether If-None-Match names this ETag (weakly compared, as RFC 9110 asks for GET and HEAD), or is `*`. */
function notModified(header, etag) {
  if (header === undefined) return false;
  const bare = (tag) => tag.trim().replace(/^W\//, '');
  return String(header)
    .split(',')
    .some((tag) => tag.trim() === '*' || bare(tag) === etag);
}

/**
 * What a build step wrote compressed (scripts/build-pages.mjs): its manifest, each address with every
 * encoding's bytes read into memory once; null when the build wrote none (or predates the step), which leaves
 * those addresses to Next.
 *
 * @param {string} directory where the manifest and the files are
 * @returns {Map<string, Record<string, unknown> & { encodings: Record<string, { bytes: Buffer, etag: string }> }> | null}
 */
function readEncodedFiles(directory) {
  const manifestFile = path.join(directory, 'manifest.json');
  if (!existsSync(manifestFile)) return null;
  return new Map(
    Object.entries(JSON.parse(readFileSync(manifestFile, 'utf8'))).map(([pathname, { encodings, ...rest }]) => [
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

/** The encodings the build writes, best first: the order settles a tie in the client's weights. */
const ENCODINGS = ['br', 'gzip'];

/**
 * The encoding the client weighs highest (Accept-Encoding, with its q-values) of those the build writes, or
 * 'identity' where it accepts none of them or weighs 'identity' itself higher.
 * @param {string | undefined} header
 */
function chooseEncoding(header) {
  const weights = new Map();
  for (const part of String(header ?? '').split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = parameters.map((parameter) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(parameter)?.[1]).find((value) => value !== undefined);
    weights.set(name === 'x-gzip' ? 'gzip' : name, q === undefined ? 1 : Number(q));
  }
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
