// What the front door asks of a request before Next sees it: what no form of the site could send is refused (the
// refusal's reason is what each check returns), and a target spelt as a whole address is read as HTTP asks.
'use strict';

/** The methods of the site: reading a page, and posting a form. */
const ALLOWED_METHODS = ['GET', 'HEAD', 'POST'];
/** The Allow header of a refusal of any other method. */
const ALLOW = ALLOWED_METHODS.join(', ');

/** The most a lead form can send is about 20 KB (every field at its limit in four-byte characters). */
const BODY_LIMIT = 64 * 1024;
/** A form has fewer than twenty fields; a body of many more parts is no form. */
const PART_LIMIT = 100;

/**
 * The lead endpoint (app/api/leads/[form]/route.ts): the forms at addresses that stay the same from build to
 * build, posted to without an action. These exact paths, with no query; any other post under /api/ is refused.
 */
const LEAD_ENDPOINTS = new Set(['/api/leads/inquiry', '/api/leads/broker']);

/**
 * The page Next shows when the site itself fails (app/global-error, its own when the site has none), which it also
 * answers at this address: a 500 for anyone who asks, that a cache in front was told to keep for a year. It is no page
 * of the site's; Next renders it for a failure without this address.
 */
const NEXT_ERROR_PAGE = '/_global-error';

/**
 * The options of the server the door stands in front of. Node answers an HTTP/1.1 request that names no host
 * itself, with a bare 400 the door never sees (none of the site's headers, no log line): the door answers it.
 */
const SERVER_OPTIONS = { requireHostHeader: false };

/**
 * The headers a proxy sets to say where a request came from. Without a trusted proxy they come from the client itself,
 * and Next would take X-Forwarded-Host for the host its origin check compares with.
 */
const FORWARDING_HEADERS = ['x-forwarded-host', 'x-forwarded-for', 'x-forwarded-port', 'x-real-ip', 'forwarded'];

/**
 * The request headers that ask for part of an answer, or for one only on a condition other than a cached copy's
 * (RFC 9110 §13.1.1, §13.1.4, §13.1.5, §14.2). Every answer here is whole and small, and a server may ignore a range;
 * Next's file server answered a range it could not meet, or an If-Match that no file met, with a 500 and no log line.
 */
const PARTIAL_AND_PRECONDITIONS = ['range', 'if-range', 'if-match', 'if-unmodified-since'];

/** A Host header's value (RFC 9110 §7.2): a name or an address, and a port. */
const HOST = /^(?:\[[0-9a-f:.]+\]|[a-z0-9\-._~!$&'()*+,;=%]+)(?::[0-9]*)?$/i;

/**
 * What is wrong with a request's Host headers, if anything: an HTTP/1.1 request names exactly one host, and HTTP/1.0
 * may name none (RFC 9112 §3.2).
 * @param {import('node:http').IncomingMessage} request
 * @returns {'hosts' | 'no_host' | 'bad_host' | null}
 */
function hostFault(request) {
  // Node keeps the first of two Host headers in `headers`; the raw list, names and values in turn, has every one.
  const hosts = request.rawHeaders.filter((name, at) => at % 2 === 0 && name.length === 4 && name.toLowerCase() === 'host').length;
  if (hosts > 1) return 'hosts';
  if (hosts === 0) return request.httpVersion === '1.0' ? null : 'no_host';
  return HOST.test(request.headers.host ?? '') ? null : 'bad_host';
}

/**
 * Puts a request's target in the form Next reads, a path: a whole address (which a client sends to a proxy, and a
 * server must take too: RFC 9112 §3.2.2) becomes its path and query, and its authority the host. Next took such a
 * target for a path spelt another way and redirected to the address itself, another site's if it named one.
 * Returns false for a target that is neither (`*` but for OPTIONS, a word, a query alone).
 * @param {import('node:http').IncomingMessage} request
 */
function toOriginForm(request) {
  const target = request.url ?? '';
  if (target.startsWith('/')) return true;
  if (!/^https?:\/\//i.test(target)) return false;
  let address;
  try {
    address = new URL(target);
  } catch {
    return false;
  }
  request.url = `${address.pathname}${address.search}`;
  request.headers.host = address.host;
  return true;
}

/**
 * Whether every percent sign of a path starts an escape that decodes to UTF-8. Next decodes a dynamic route's
 * part and answers one that does not with a bare 500, none of the site's headers, and no log line.
 * @param {string} path
 */
function decodable(path) {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether a post's Origin names the host it was sent to.
 * @param {string} origin
 * @param {string | undefined} host
 */
function sameHost(origin, host) {
  if (!host) return false;
  try {
    return new URL(origin).host === host.toLowerCase();
  } catch {
    return false;
  }
}

/**
 * Whether a path is under /api/ however it is spelt: its slashes (and backslashes) single, its dot segments
 * resolved, its escapes decoded (when they decode), in any case. An address that cannot be parsed counts as one.
 * @param {string} path
 */
function underApi(path) {
  let plain;
  try {
    plain = new URL(path.replace(/[\\/]+/g, '/'), 'http://front-door').pathname;
  } catch {
    return true;
  }
  try {
    plain = decodeURIComponent(plain);
  } catch {
    // Escapes that are no UTF-8: read as written.
  }
  return /^\/api(?:\/|$)/i.test(plain.replace(/[\\/]+/g, '/'));
}

module.exports = {
  ALLOWED_METHODS,
  ALLOW,
  BODY_LIMIT,
  PART_LIMIT,
  LEAD_ENDPOINTS,
  NEXT_ERROR_PAGE,
  SERVER_OPTIONS,
  FORWARDING_HEADERS,
  PARTIAL_AND_PRECONDITIONS,
  hostFault,
  toOriginForm,
  decodable,
  sameHost,
  underApi,
};
