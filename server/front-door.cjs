// The front door of the production server: every request passes here before Next sees it. It tells
// the site which connection a request came in on (the client's address, which no header a client
// sends can change), and gives a clear 4xx, with one JSON log line, to what no form could send:
// another method, a post from another origin, an unknown action, a body too large or unreadable. What it hands
// on to Next is given the site's headers if Next redirects it before its configured headers apply
// (redirectWithSiteHeaders, which the standalone server calls on the way to Next).
// Plain JavaScript, because it runs beside the standalone build (server/standalone-server.cjs).
'use strict';

const { IncomingMessage } = require('node:http');
const { plainAnswerHeaders } = require('./site-headers.cjs');

/** The most a lead form can send is about 20 KB (every field at its limit in four-byte characters). */
const BODY_LIMIT = 64 * 1024;
/** A form has fewer than twenty fields; a body of many more parts is no form. */
const PART_LIMIT = 100;
const METHODS = new Set(['GET', 'HEAD', 'POST']);
/** Next's ids for Server Actions: 42 hexadecimal characters. */
const ACTION_ID = /^[0-9a-f]{42}$/;
/**
 * The lead endpoint (app/api/leads/[form]/route.ts): the forms at addresses that stay the same from build to
 * build, posted to without an action. These exact paths, with no query; any other post under /api/ is refused.
 */
const LEAD_ENDPOINTS = new Set(['/api/leads/inquiry', '/api/leads/broker']);

/**
 * What the door still reads of a refused request's body, and for how long, before it closes the connection.
 * Closing a connection with bytes of the client's still unread makes the kernel reset it, and a client still
 * sending (a browser, curl) then sees the reset, not the 413 already on its way. So the door answers, closes its
 * side, and reads and drops what follows until the body ends (then the connection closes cleanly), or it has
 * read this much, or this long has passed (then it is cut off): the lingering close of nginx. A body held to a
 * few bytes a second (slowloris) ties up the connection for the time and no longer.
 */
const LINGER = { bytes: 16 * 1024 * 1024, ms: 10_000 };

/** The header lib/request.ts reads the connection's address from, behind this process's token. */
const SOCKET_ADDRESS_HEADER = 'x-aldercrest-socket-address';

/**
 * A path as a log may show it: a tour page's address is its key (lib/tours/links.ts), which stays out of the log.
 * @param {string} path
 */
const loggedPath = (path) => path.replace(/^\/tour\/(?!cancelled(?:\/|$))[^/]+/, '/tour/<token>').slice(0, 200);

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

/** A Host header's value (RFC 9110 §7.2): a name or an address, and a port. */
const HOST = /^(?:\[[0-9a-f:.]+\]|[a-z0-9\-._~!$&'()*+,;=%]+)(?::[0-9]*)?$/i;

/**
 * What is wrong with a request's Host headers, if anything: an HTTP/1.1 request names exactly one host, and HTTP/1.0
 * may name none (RFC 9112 §3.2).
 * @param {import('node:http').IncomingMessage} request
 */
function hostFault(request) {
  // Node keeps the first of two Host headers in `headers`; the raw list, names and values in turn, has every one.
  const raw = request.rawHeaders;
  let hosts = 0;
  for (let at = 0; at < raw.length; at += 2) if (raw[at].length === 4 && raw[at].toLowerCase() === 'host') hosts++;
  if (hosts > 1) return 'hosts';
  if (hosts === 0) return request.httpVersion === '1.0' ? null : 'no_host';
  return HOST.test(request.headers.host) ? null : 'bad_host';
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
 * The request headers that ask for part of an answer, or for one only on a condition other than a cached copy's
 * (RFC 9110 §13.1.1, §13.1.4, §13.1.5, §14.2). Every answer here is whole and small, and a server may ignore a range;
 * Next's file server answered a range it could not meet, or an If-Match that no file met, with a 500 and no log line.
 */
const PARTIAL_AND_PRECONDITIONS = ['range', 'if-range', 'if-match', 'if-unmodified-since'];

/** The redirects of a response, which a browser follows: a 304 is no redirect, and its headers update a cached answer's. */
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Gives the site's headers to a redirect Next writes of its own accord: an address spelt another way (a trailing
 * slash, doubled slashes or a backslash, dot segments) is sent on to its one spelling before next.config.ts's
 * headers are applied, and went out with none of them. Every other answer of Next's already carries them, and a
 * redirect that does (a form's, the sign-in's) is left as it is.
 *
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 */
function redirectWithSiteHeaders(request, response) {
  const writeHead = response.writeHead;
  response.writeHead = function writeHeadOfRedirect(status, ...rest) {
    response.writeHead = writeHead;
    // Headers given here win over those set before (Node merges them so), which is all a name given here needs.
    const given = rest.find((part) => typeof part === 'object' && part !== null);
    const givenNames = given ? (Array.isArray(given) ? given.filter((_, at) => at % 2 === 0) : Object.keys(given)).map((name) => String(name).toLowerCase()) : [];
    if (REDIRECTS.has(status) && !response.hasHeader('x-content-type-options') && !givenNames.includes('x-content-type-options')) {
      for (const [name, value] of Object.entries(plainAnswerHeaders(request.headers))) {
        if (!response.hasHeader(name)) response.setHeader(name, value);
      }
    }
    return writeHead.call(this, status, ...rest);
  };
}

/** The one log line of a request the server refuses before Next sees it. */
function logRefusal(details) {
  console.error(JSON.stringify({ time: new Date().toISOString(), level: 'warn', event: 'request.refused', ...details }));
}

/**
 * @param {{ actions: Record<string, number>, socketToken: string, trustProxy: string | null, linger?: { bytes: number, ms: number } }} options
 *   `actions`: the build's Server Actions, each id with the number of arguments it takes
 * @returns {(request: import('node:http').IncomingMessage, response: import('node:http').ServerResponse, next: (request: import('node:http').IncomingMessage, response: import('node:http').ServerResponse) => unknown) => void}
 */
function createFrontDoor({ actions, socketToken, trustProxy, linger = LINGER }) {
  const known = (id) => Object.hasOwn(actions, id);
  return function frontDoor(request, response, next) {
    let path = (request.url ?? '/').split('?')[0];
    const refuse = (status, reason, headers = {}) => {
      logRefusal({ status, reason, method: request.method, path: loggedPath(path) });
      // Never seen by Next, so with the headers next.config.ts gives every answer, from the same source.
      response.writeHead(status, { ...plainAnswerHeaders(request.headers), 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', connection: 'close', ...headers });
      closeWhenDrained(request, linger);
      response.end(`${STATUS_TEXT[status]}\n`);
    };

    delete request.headers[SOCKET_ADDRESS_HEADER];
    request.headers[SOCKET_ADDRESS_HEADER] = `${socketToken} ${request.socket.remoteAddress ?? ''}`;
    // Without a trusted proxy, forwarding headers come from the client itself: Next would take X-Forwarded-Host for
    // the host its origin check compares with. They are dropped, and Next fills in the real ones.
    if (!trustProxy) {
      for (const name of ['x-forwarded-host', 'x-forwarded-for', 'x-forwarded-port', 'x-real-ip', 'forwarded']) delete request.headers[name];
    }
    // Sent by Next's client for pages this site does not have, it has Next skip the proxy (proxy.ts) and answer
    // `{}` with a 200, to anyone, at /admin as anywhere: every request here goes through the proxy.
    delete request.headers['x-middleware-prefetch'];

    if (!METHODS.has(request.method ?? '')) return refuse(405, 'method', { allow: 'GET, HEAD, POST' });
    const wrongHost = hostFault(request);
    if (wrongHost) return refuse(400, wrongHost);
    if (!toOriginForm(request)) return refuse(400, 'malformed_target');
    path = request.url.split('?')[0];
    if (!decodable(path)) return refuse(400, 'malformed_path');
    if (path === NEXT_ERROR_PAGE) return refuse(404, 'not_a_page');
    for (const name of PARTIAL_AND_PRECONDITIONS) delete request.headers[name];
    if (request.method !== 'POST') return next(request, response);

    // Every post is a form's, sent from a page of this site to a Server Action or to the lead endpoint.
    const declared = request.headers['content-length'];
    if (declared !== undefined && !(Number(declared) <= BODY_LIMIT)) return refuse(413, 'body_too_large');
    const origin = request.headers.origin;
    const host = (trustProxy && request.headers['x-forwarded-host']) || request.headers.host;
    if (!origin || !sameHost(origin, host)) return refuse(403, origin ? 'cross_origin' : 'no_origin');
    const type = request.headers['content-type'] ?? '';
    if (!/^multipart\/form-data\s*;\s*boundary=/i.test(type)) return refuse(415, 'not_a_form');
    const sentAction = request.headers['next-action'];
    const endpoint = LEAD_ENDPOINTS.has(path);
    if (endpoint) {
      // Strict: one spelling of each address, and nothing for an action to act on.
      if (request.url !== path) return refuse(400, 'query_on_endpoint');
      if (sentAction !== undefined) return refuse(400, 'action_on_endpoint');
    } else if (underApi(path)) {
      return refuse(404, 'unknown_endpoint');
    } else if (sentAction !== undefined) {
      if (!ACTION_ID.test(String(sentAction))) return refuse(400, 'malformed_action');
      if (!known(String(sentAction))) return refuse(404, 'unknown_action');
    }

    readBody(request, BODY_LIMIT).then(
      async (body) => {
        if (body === null) return refuse(413, 'body_too_large');
        let form;
        try {
          form = await new Response(body, { headers: { 'content-type': type } }).formData();
        } catch {
          return refuse(400, 'unreadable_form');
        }
        if ([...form.keys()].length > PART_LIMIT) return refuse(413, 'too_many_parts');
        if (sentAction !== undefined && !argumentsOfAForm(form, actions[String(sentAction)])) return refuse(400, 'unreadable_arguments');
        if (sentAction === undefined && !endpoint) {
          // A post without JavaScript names its action in the form itself.
          const posted = actionPosted(form);
          if (posted === null) return refuse(400, 'no_action');
          if (!known(posted.id)) return refuse(404, 'unknown_action');
          if (posted.count !== actions[posted.id]) return refuse(400, 'unreadable_arguments');
        }
        next(replay(request, body), response);
      },
      () => request.destroy(),
    ).catch((error) => {
      // A fault of the door's own reading a post is a 500, answered and logged, never a request left without an answer.
      console.error(JSON.stringify({ time: new Date().toISOString(), level: 'error', event: 'request.failed', error: error?.name ?? 'Error', method: request.method, path: loggedPath(path) }));
      if (response.headersSent) return response.destroy();
      response.writeHead(500, { ...plainAnswerHeaders(request.headers), 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', connection: 'close' });
      response.end('Internal Server Error\n');
    });
  };
}

const STATUS_TEXT = {
  400: 'Bad Request',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  431: 'Request Header Fields Too Large',
};

/** A request Node's parser could not read, by the error it gave: the status Node's own answer has (node:_http_server). */
const UNREADABLE = { HPE_HEADER_OVERFLOW: 431, HPE_CHUNK_EXTENSIONS_OVERFLOW: 413, ERR_HTTP_REQUEST_TIMEOUT: 408 };

/** An answer written straight to a socket, with no request to answer through: a status, the site's headers, no body. */
function answerOnSocket(socket, status, headers) {
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('');
  socket.end(`HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\n${lines}Connection: close\r\nContent-Length: 0\r\n\r\n`);
}

/**
 * Answers a request that could not be read (the server's `clientError`) as Node would, but with the site's headers
 * and one log line.
 * @param {Error & { code?: string }} error
 * @param {import('node:net').Socket & { _httpMessage?: import('node:http').ServerResponse }} socket
 */
function answerUnreadable(error, socket) {
  // Nothing is written to a connection that is gone, or in the middle of an answer already begun (Node's own rule).
  if (error.code === 'ECONNRESET' || !socket.writable || socket._httpMessage?.headersSent) return socket.destroy();
  const status = UNREADABLE[error.code ?? ''] ?? 400;
  logRefusal({ status, reason: status === 408 ? 'request_timeout' : 'unreadable_request' });
  // No request could be read: the site's headers all the same, but no HSTS, whose condition is a request header.
  answerOnSocket(socket, status, plainAnswerHeaders());
}

/**
 * Answers CONNECT (the server's `connect`), which Node hands to no request listener: a proxy's method, never the site's.
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:net').Socket} socket
 */
function answerConnect(request, socket) {
  logRefusal({ status: 405, reason: 'method', method: 'CONNECT' });
  answerOnSocket(socket, 405, { ...plainAnswerHeaders(request.headers), Allow: 'GET, HEAD, POST' });
}

function sameHost(origin, host) {
  if (!host) return false;
  try {
    return new URL(origin).host === String(host).toLowerCase();
  } catch {
    return false;
  }
}

/**
 * Whether a path is under /api/ however it is spelt: its slashes (and backslashes) single, its dot segments
 * resolved, its escapes decoded (when they decode), in any case. An address that cannot be parsed counts as one.
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

/**
 * After a refusal sent with `Connection: close`: the rest of the body read and dropped within `linger`, so that the
 * connection closes without a reset (LINGER says why).
 *
 * @param {import('node:http').IncomingMessage} request
 * @param {{ bytes: number, ms: number }} linger
 */
function closeWhenDrained(request, linger) {
  const socket = request.socket;
  // Body read to its end already (or none): Node's own close, after the answer, is clean.
  if (request.complete || !socket || socket.destroyed) return request.resume();
  // Node closes the connection of an answer with `Connection: close` by socket.destroySoon() once the answer is
  // written: its side is ended (FIN, after the answer), then the socket destroyed. On this socket alone, it ends
  // its side only, and the socket is destroyed once the body has been read: its bytes no longer wait unread.
  const destroySoon = socket.destroySoon;
  let answered = false;
  let drained = false;
  const close = () => {
    clearTimeout(deadline);
    socket.destroySoon = destroySoon;
    socket.destroySoon();
  };
  socket.destroySoon = function endThenLinger() {
    answered = true;
    if (drained) close();
    else socket.end();
  };
  const cutOff = () => {
    clearTimeout(deadline);
    socket.destroy();
  };
  const deadline = setTimeout(cutOff, linger.ms);
  // The connection itself keeps the process running while it lingers; the timer need not.
  deadline.unref();
  let read = 0;
  request.on('data', (chunk) => {
    read += chunk.length;
    if (read > linger.bytes) cutOff();
  });
  request.once('end', () => {
    drained = true;
    if (answered) close();
  });
  // The client gave up, or the connection broke: nothing left to wait for.
  socket.once('close', () => clearTimeout(deadline));
  request.resume();
}

/** The body, whole, or null once it passes the limit (then the rest is left unread). */
function readBody(request, limit) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    const onData = (chunk) => {
      size += chunk.length;
      if (size > limit) {
        request.off('data', onData);
        request.pause();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    };
    request.on('data', onData);
    request.once('end', () => resolve(Buffer.concat(chunks)));
    request.once('error', reject);
    request.once('aborted', () => reject(new Error('aborted')));
  });
}

/** How deep a form's state, sent back to its action by a page's script, may nest: the site's go three deep. */
const ARGUMENT_DEPTH = 16;

/**
 * Whether the arguments a page's script sent with an action (field `0`, in React's encoding of a reply) are what the
 * site's forms send: the form's fields (`$K1`, a reference to the fields sent beside it), after the form's state (plain
 * JSON) where the action takes one; `count` is how many the action takes (scripts/build-action-arguments.mjs). React
 * marks every other kind of value with a string that starts with `$` and writes a `$` of the data itself as `$$`;
 * `$undefined` is an empty part of a state. Anything else (a promise, a reference to another part, a server function,
 * a date, text that is not JSON, a field missing, another count) is no form's call: Next, or the action handed it,
 * failed on many of them with a 500.
 * @param {FormData} form
 * @param {number | undefined} count
 */
function argumentsOfAForm(form, count) {
  const sent = form.get('0');
  if (typeof sent !== 'string') return false;
  let value;
  try {
    value = JSON.parse(sent);
  } catch {
    return false;
  }
  if (!Array.isArray(value) || value.length !== count) return false;
  const [state, fields] = count === 2 ? value : [{}, value[0]];
  return typeof fields === 'string' && /^\$K[0-9]+$/.test(fields) && plainState(state);
}

/**
 * The action a form posted without JavaScript names, and how many arguments the post gives it, as React reads them:
 * `$ACTION_ID_<id>` alone, for an action that takes the fields alone (1); `$ACTION_REF_<n>` with `$ACTION_<n>:0`
 * naming the action (`{"id":…,"bound":"$@1"}`) and `$ACTION_<n>:1` holding the form's state (`[{…}]`), for one that
 * takes the state first (2). Anything else of the kind (another field, a reference in place of the state) gives 0:
 * no form of the site's posts it, and React or the action failed on some of it with a 500. Null when none is named.
 * @param {FormData} form
 * @returns {{ id: string, count: number } | null}
 */
function actionPosted(form) {
  const names = [...form.keys()].filter((name) => name.startsWith('$ACTION_') && name !== '$ACTION_KEY');
  if (names.length === 0) return null;
  const [first] = names;
  if (first.startsWith('$ACTION_ID_')) return { id: first.slice('$ACTION_ID_'.length), count: names.length === 1 ? 1 : 0 };
  if (!first.startsWith('$ACTION_REF_')) return { id: '', count: 0 };
  const ref = first.slice('$ACTION_REF_'.length);
  const [reference, state] = [`$ACTION_${ref}:0`, `$ACTION_${ref}:1`].map((name) => {
    const text = form.get(name);
    try {
      return typeof text === 'string' ? JSON.parse(text) : undefined;
    } catch {
      return undefined;
    }
  });
  const id = typeof reference?.id === 'string' ? reference.id : '';
  const shaped =
    names.length === 3 &&
    form.getAll(`$ACTION_${ref}:0`).length === 1 &&
    form.getAll(`$ACTION_${ref}:1`).length === 1 &&
    reference !== null &&
    typeof reference === 'object' &&
    Object.keys(reference).length === 2 &&
    reference.bound === '$@1' &&
    Array.isArray(state) &&
    state.length === 1 &&
    plainState(state[0]);
  return { id, count: shaped ? 2 : 0 };
}

/**
 * Whether a form's state, as a page sends it back to its action, is plain JSON: an object whose strings React leaves
 * as text (a `$` of the data itself written `$$`; `$undefined` an empty part), nested no deeper than any form's.
 * @param {unknown} state
 */
function plainState(state) {
  if (state === null || typeof state !== 'object' || Array.isArray(state)) return false;
  const pending = [[state, 0]];
  while (pending.length > 0) {
    const [item, depth] = pending.pop();
    if (depth > ARGUMENT_DEPTH) return false;
    if (typeof item === 'string') {
      if (item.startsWith('$') && !/^\$(?:\$|undefined$)/.test(item)) return false;
    } else if (item !== null && typeof item === 'object') {
      for (const inner of Object.values(item)) pending.push([inner, depth + 1]);
    }
  }
  return true;
}

/** The request again, its body read once already, handed to Next as if it had just arrived, with its length known. */
function replay(original, body) {
  const request = new IncomingMessage(original.socket);
  request.method = original.method;
  request.url = original.url;
  request.httpVersion = original.httpVersion;
  request.httpVersionMajor = original.httpVersionMajor;
  request.httpVersionMinor = original.httpVersionMinor;
  request.headers = { ...original.headers, 'content-length': String(body.length) };
  delete request.headers['transfer-encoding'];
  request.rawHeaders = Object.entries(request.headers).flatMap(([name, value]) => [name, String(value)]);
  request.push(body);
  request.push(null);
  request.complete = true;
  return request;
}

// Terminal colours and the like, which a log file has no use for.
const ESCAPES = /\u001B\[[0-9;]*[A-Za-z]/g;

/**
 * What console.* was given, as one JSON line: a line that is one JSON object already passes as it is;
 * anything else becomes `server.message`, its text cut to its first line, an error reduced to its class,
 * code and digest, and where it was thrown.
 */
function oneJsonLine(level, args) {
  if (args.length === 1 && typeof args[0] === 'string' && /^\{.*\}$/.test(args[0]) && !args[0].includes('\n')) {
    try {
      JSON.parse(args[0]);
      return args[0];
    } catch {
      // not JSON after all: described below
    }
  }
  const text = args
    .filter((arg) => !(arg instanceof Error))
    .map((arg) => (typeof arg === 'string' ? arg : typeof arg))
    .join(' ')
    .replace(ESCAPES, '')
    .split('\n')[0]
    .trim()
    .slice(0, 300);
  const error = args.find((arg) => arg instanceof Error);
  const details = error
    ? {
        error: error.name,
        code: typeof error.code === 'string' ? error.code : undefined,
        digest: typeof error.digest === 'string' ? error.digest : undefined,
        at: /\((.*?:\d+:\d+)\)/.exec(error.stack ?? '')?.[1]?.replace(/^.*\/\.next\//, '.next/'),
      }
    : {};
  return JSON.stringify({ time: new Date().toISOString(), level, event: 'server.message', message: text || undefined, ...details });
}

module.exports = { createFrontDoor, redirectWithSiteHeaders, answerConnect, answerUnreadable, SERVER_OPTIONS, logRefusal, oneJsonLine, SOCKET_ADDRESS_HEADER, BODY_LIMIT, PART_LIMIT };
