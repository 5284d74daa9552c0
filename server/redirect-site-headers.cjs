// Gives the site's headers to a redirect Next writes of its own accord: an address spelt another way (a trailing
// slash, doubled slashes or a backslash, dot segments) is sent on to its one spelling before next.config.ts's
// headers are applied, and went out with none of them. Every other answer of Next's already carries them, and a
// redirect that does (a form's, the sign-in's) is left as it is. The standalone server calls it on the way to Next.
'use strict';

const { plainAnswerHeaders } = require('./site-headers.cjs');

/** The redirects of a response, which a browser follows: a 304 is no redirect, and its headers update a cached answer's. */
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * The header names given to writeHead itself, in lower case: its last argument but the status, when that is headers.
 * @param {unknown[]} rest what followed the status: a status message, headers (an object, or a flat list of names and values), or both
 */
function namesGiven(rest) {
  const given = rest.find((part) => typeof part === 'object' && part !== null);
  if (!given) return [];
  const names = Array.isArray(given) ? given.filter((_, at) => at % 2 === 0) : Object.keys(given);
  return names.map((name) => String(name).toLowerCase());
}

/**
 * Has the response's next writeHead add the site's headers if it writes a redirect that carries none of them.
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 */
function redirectWithSiteHeaders(request, response) {
  const writeHead = response.writeHead;
  /**
   * @param {number} status
   * @param {unknown[]} rest
   */
  function writeHeadOfRedirect(status, ...rest) {
    response.writeHead = writeHead;
    // Headers given here win over those set before (Node merges them so), which is all a name given here needs.
    if (REDIRECTS.has(status) && !response.hasHeader('x-content-type-options') && !namesGiven(rest).includes('x-content-type-options')) {
      for (const [name, value] of Object.entries(plainAnswerHeaders(request.headers))) {
        if (!response.hasHeader(name)) response.setHeader(name, value);
      }
    }
    return Reflect.apply(writeHead, response, [status, ...rest]);
  }
  response.writeHead = /** @type {typeof writeHead} */ (writeHeadOfRedirect);
}

module.exports = { redirectWithSiteHeaders };
