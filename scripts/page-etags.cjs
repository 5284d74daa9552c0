// The prerendered pages' ETags, worked out at build (prepare-standalone.mjs) from the HTML Next serves as
// written. Next would hash the whole page again for every request (100 KB through FNV-1a, about 0.3 ms, the
// largest single cost of GET /), so next.config.ts turns that off and the ETag and its 304 come from here.
'use strict';

const { existsSync, readFileSync } = require('node:fs');

/** The request headers with which Next answers a page's address with its RSC payload instead of its HTML. */
const RSC_HEADERS = ['rsc', 'next-router-prefetch', 'next-router-state-tree', 'next-router-segment-prefetch'];

/**
 * @param {string} file JSON: { [path]: etag }
 * @returns {(request: import('node:http').IncomingMessage, response: import('node:http').ServerResponse) => boolean}
 *   true when it answered the request (304)
 */
function createPageEtags(file) {
  if (!existsSync(file)) return () => false;
  const etags = JSON.parse(readFileSync(file, 'utf8'));
  return function answerWithEtag(request, response) {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const etag = etags[(request.url ?? '/').split('?')[0]];
    if (!etag || RSC_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
    response.setHeader('ETag', etag);
    if (request.headers['if-none-match'] !== etag) return false;
    response.writeHead(304, { vary: 'rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch, Accept-Encoding' });
    response.end();
    return true;
  };
}

module.exports = { createPageEtags };
