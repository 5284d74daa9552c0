// The prerendered pages, answered from memory as the build left them (scripts/build-pages.mjs): compressed
// once there with Brotli and gzip rather than by Next for every request, with an ETag per encoding worked out
// there too, and the headers next.config.ts gives every response. Next still answers a page's address when it
// is asked for the page's RSC payload (a client navigation or prefetch), and every other address. What it sends
// beside a page (its Vary, its cache lifetime, the RSC headers that leave it to Next) is as Next sends a page in the
// release named in server/next-version.cjs.
'use strict';

const { chooseEncoding, readEncodedFiles, sendBytes } = require('./static-answers.cjs');

/**
 * The request header with which Next answers a page's address with its RSC payload instead of its HTML. Next reads
 * its other router headers (next-router-prefetch, next-router-state-tree, next-router-segment-prefetch) only beside
 * it: without it, they leave the HTML as it is.
 */
const RSC_HEADER = 'rsc';
/**
 * What the HTML answered here depends on: whether the RSC payload was asked for, and the encoding. Next's own Vary
 * names its router headers too, which only its RSC payload depends on; they are left out of this answer's headers,
 * which must fit the page's first round trip with it (e2e/speed.spec.ts).
 */
const VARY = 'rsc, Accept-Encoding';
/** As Next sends a page rendered once at build and never again. */
const CACHE_CONTROL = 's-maxage=31536000';

/**
 * The site's headers with a policy that allows, of all the prerendered pages' inline scripts, this page's own:
 * a page's first round trip has no room for the others' hashes. The site's policy is the same for every request
 * to the page, so its rewriting is kept with the page.
 *
 * @param {Record<string, string>} headers
 * @param {{ scripts: string[], policy?: { from: string, to: string } }} page
 */
function ownScriptsOnly(headers, page) {
  const policy = headers['content-security-policy'];
  if (!policy) return headers;
  if (page.policy?.from !== policy) {
    const directives = policy.split(';').map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      if (name !== 'script-src') return directive.trim();
      return [name, ...sources.filter((source) => !source.startsWith("'sha256-")), ...page.scripts].join(' ');
    });
    page.policy = { from: policy, to: directives.join('; ') };
  }
  return { ...headers, 'content-security-policy': page.policy.to };
}

/**
 * A page as scripts/build-pages.mjs writes it (writePageEncodings): every encoding, and its own inline scripts.
 * @typedef {{ scripts: string[], policy?: { from: string, to: string }, encodings: Record<import('./static-answers.cjs').Encoding, import('./static-answers.cjs').EncodedBytes> }} Page
 */

/**
 * @param {{ directory: string, siteHeaders: import('./static-answers.cjs').SiteHeaders }} options
 * @returns {import('./static-answers.cjs').Answerer}
 */
function createPrerenderedPages({ directory, siteHeaders }) {
  /** Each page's encodings (with the sources of its own inline scripts), read once: a few hundred kilobytes in all. */
  const pages = /** @type {Map<string, Page> | null} */ (readEncodedFiles(directory));
  // A build without them (or from before they existed) leaves the pages to Next.
  if (!pages) return () => false;

  return function servePrerenderedPage(request, response) {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const pathname = (request.url ?? '/').split('?')[0] ?? '/';
    const page = pages.get(pathname);
    if (!page || request.headers[RSC_HEADER] !== undefined) return false;
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    const { bytes, etag } = page.encodings[encoding];
    const headers = {
      ...ownScriptsOnly(siteHeaders(request, pathname), page),
      'content-type': 'text/html; charset=utf-8',
      'cache-control': CACHE_CONTROL,
      vary: VARY,
      ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
    };
    return sendBytes(request, response, { headers, bytes, etag });
  };
}

module.exports = { createPrerenderedPages };
