// How the server refuses what never reaches Next: a short plain-text answer with the site's headers (from the same
// source as next.config.ts's, server/site-headers.cjs) and one JSON log line. A request is answered through its
// response; one Node could not read, or a CONNECT, which Node hands to no request listener, straight on its socket.
'use strict';

const { closeWhenDrained } = require('./lingering-close.cjs');
const { logFailure, logRefusal } = require('./log-lines.cjs');
const { ALLOW } = require('./request-checks.cjs');
const { plainAnswerHeaders } = require('./site-headers.cjs');

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

/** @typedef {keyof typeof STATUS_TEXT} RefusalStatus */

/**
 * A request Node's parser could not read, by the error it gave: the status Node's own answer has (node:_http_server).
 * @type {Record<string, RefusalStatus>}
 */
const UNREADABLE = { HPE_HEADER_OVERFLOW: 431, HPE_CHUNK_EXTENSIONS_OVERFLOW: 413, ERR_HTTP_REQUEST_TIMEOUT: 408 };

/** The headers of every plain-text answer the server writes itself, beside the site's. */
const PLAIN_TEXT = { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', connection: 'close' };

/**
 * Answers a request with a refusal and logs it; what is left of its body is read and dropped (closeWhenDrained).
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 * @param {{ status: RefusalStatus, reason: string, path: string, headers?: Record<string, string>, linger: import('./lingering-close.cjs').Linger }} refusal
 */
function refuse(request, response, { status, reason, path, headers = {}, linger }) {
  logRefusal({ status, reason, method: request.method, path });
  response.writeHead(status, { ...plainAnswerHeaders(request.headers), ...PLAIN_TEXT, ...headers });
  closeWhenDrained(request, linger);
  response.end(`${STATUS_TEXT[status]}\n`);
}

/**
 * Answers a request with a 500 for a fault of the front door's own, logged, rather than leave it without an answer.
 * @param {unknown} error
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 * @param {string} path
 */
function answerFailure(error, request, response, path) {
  logFailure(error, { method: request.method, path });
  if (response.headersSent) return response.destroy();
  response.writeHead(500, { ...plainAnswerHeaders(request.headers), ...PLAIN_TEXT });
  response.end('Internal Server Error\n');
}

/**
 * An answer written straight to a socket, with no request to answer through: a status, the site's headers, no body.
 * @param {import('node:stream').Duplex} socket
 * @param {RefusalStatus} status
 * @param {Record<string, string>} headers
 */
function answerOnSocket(socket, status, headers) {
  const lines = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(`HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\n${lines}Connection: close\r\nContent-Length: 0\r\n\r\n`);
}

/**
 * Answers a request that could not be read (the server's `clientError`) as Node would, but with the site's headers
 * and one log line.
 * @param {Error & { code?: string }} error
 * @param {import('node:stream').Duplex & { _httpMessage?: import('node:http').ServerResponse }} socket
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
 * @param {import('node:stream').Duplex} socket
 */
function answerConnect(request, socket) {
  logRefusal({ status: 405, reason: 'method', method: 'CONNECT' });
  answerOnSocket(socket, 405, { ...plainAnswerHeaders(request.headers), Allow: ALLOW });
}

module.exports = { refuse, answerFailure, answerUnreadable, answerConnect };
