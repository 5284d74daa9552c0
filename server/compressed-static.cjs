// The build's scripts and style sheets (`/_next/static/…`), answered from memory in the encoding the browser
// prefers of those written at build (scripts/build-pages.mjs, writeStaticEncodings): Brotli for a phone, where
// Next would compress each answer with gzip as it is asked for. Next still answers whoever asks for neither
// encoding, or for a range, and every address not written at build.
'use strict';

const { chooseEncoding, readEncodedFiles, sendBytes } = require('./static-answers.cjs');

/** As Next sends a file of .next/static: its name changes with its content. */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * A file as scripts/build-pages.mjs writes it (writeStaticEncodings): its type, and its Brotli and gzip.
 * @typedef {{ type: string, encodings: Partial<Record<import('./static-answers.cjs').Encoding, import('./static-answers.cjs').EncodedBytes>> }} StaticFile
 */

/**
 * @param {{ directory: string, siteHeaders: import('./static-answers.cjs').SiteHeaders }} options
 * @returns {import('./static-answers.cjs').Answerer}
 */
function createCompressedStatic({ directory, siteHeaders }) {
  /** Every file's two encodings, read once: some 600 KB in all. */
  const files = /** @type {Map<string, StaticFile> | null} */ (readEncodedFiles(directory));
  // A build from before these were written leaves the files to Next.
  if (!files) return () => false;

  return function serveCompressedStatic(request, response) {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const pathname = (request.url ?? '/').split('?')[0] ?? '/';
    const file = files.get(pathname);
    if (!file || request.headers.range !== undefined) return false;
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    const answer = file.encodings[encoding];
    if (!answer) return false;
    const headers = {
      ...siteHeaders(request, pathname),
      'content-type': file.type,
      'cache-control': CACHE_CONTROL,
      vary: 'Accept-Encoding',
      'content-encoding': encoding,
    };
    return sendBytes(request, response, { headers, bytes: answer.bytes, etag: answer.etag });
  };
}

module.exports = { createCompressedStatic };
