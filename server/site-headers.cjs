// The headers the site gives every answer, stated once. next.config.ts hands them to Next, whose build
// writes them into the routes manifest (from which static-answers.cjs reads them for the pages and images
// served from the build); the front door and the standalone server send them with the answers they write
// themselves, which never reach Next. CommonJS, so that it runs beside the standalone build on any Node
// the project supports, and next.config.ts imports it all the same.
'use strict';

/** @typedef {{ key: string, value: string }} Header */

/**
 * Every answer's headers but the Content-Security-Policy, which depends on what is answered (a page's policy
 * names its inline scripts' hashes, lib/content-security-policy.mjs).
 * @type {Header[]}
 */
const EVERY_ANSWER = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Cross-Origin-Resource-Policy', value: 'same-origin' },
];

/**
 * Every answer but the public home page's keeps a window of the site apart from any other site's (no window that
 * opened it, or that it opens, holds it). The home page is the same for everyone (the page a form's post returns
 * shows the visitor only what they have just typed), has no frame and no listener for messages, and frames of it are
 * refused (X-Frame-Options, frame-ancestors); no other window can read it either way. A page sending this header
 * is put in a browsing context group of its own: the browser starts a renderer process for it where it would have
 * used the one it had (Chrome on Android also gives such a site a process of its own), and that start was the
 * heaviest task charged to the home page on a phone-speed host, 18 to 24 ms on the CPU unslowed, 120 to 170 ms at
 * 4x (BENCHMARKS.md). The portal, the team's pages, sign-in, a tour's own page and every other answer keep it.
 * @type {Header}
 */
const OPENER_POLICY = { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' };
/** The paths OPENER_POLICY is sent on, as a `source` of next.config.ts: every one with a segment, so all but `/`. */
const BEYOND_HOME = '/:path+';

/**
 * Only for a request that came over https: TLS ends at the proxy or platform in front of the server, which
 * says so in X-Forwarded-Proto (OVER_HTTPS, as a `has` condition of next.config.ts).
 * @type {Header}
 */
const STRICT_TRANSPORT_SECURITY = { key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains; preload' };
/** @type {{ type: 'header', key: string, value: string }} */
const OVER_HTTPS = { type: 'header', key: 'x-forwarded-proto', value: 'https' };

/**
 * The policy of an answer that is a line of plain text, not a page: nothing to load, run or frame. The pages'
 * policy would do no harm here, but it is only complete once the build has written the pages' hashes into the
 * routes manifest, which the front door does not read (nor need: a refusal runs no script); this one is stricter
 * still and the same in every build.
 */
const PLAIN_TEXT_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * The headers, by lower-case name, of an answer the server writes itself as plain text (a refusal): every
 * answer's with the opener policy (a refusal is no home page), the plain-text policy, and HSTS on the same condition as next.config.ts gives it (Next compares a
 * `has` header's whole value with its pattern).
 *
 * @param {import('node:http').IncomingHttpHeaders} [requestHeaders] absent when no request could be read
 * @returns {Record<string, string>}
 */
function plainAnswerHeaders(requestHeaders = {}) {
  /** @type {Record<string, string>} */
  const headers = { 'content-security-policy': PLAIN_TEXT_POLICY };
  for (const { key, value } of [...EVERY_ANSWER, OPENER_POLICY]) headers[key.toLowerCase()] = value;
  if (requestHeaders[OVER_HTTPS.key] === OVER_HTTPS.value) headers[STRICT_TRANSPORT_SECURITY.key.toLowerCase()] = STRICT_TRANSPORT_SECURITY.value;
  return headers;
}

module.exports = { EVERY_ANSWER, OPENER_POLICY, BEYOND_HOME, STRICT_TRANSPORT_SECURITY, OVER_HTTPS, PLAIN_TEXT_POLICY, plainAnswerHeaders };
