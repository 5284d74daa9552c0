// A request exactly as given, through node:http: any method (fetch refuses TRACE and CONNECT), a body
// sent in chunks without a length, headers a browser would never send. Shared by the tests and the bench.
import { request } from 'node:http';
import { connect } from 'node:net';

/**
 * @param {string} url
 * @param {{ method?: string, headers?: Record<string, string>, body?: string | Buffer, chunked?: boolean, localAddress?: string, path?: string }} [options]
 *   `path`: the request target as written, in place of the URL's (which the URL parser has resolved: no `..` left in it)
 * @returns {Promise<{ status: number, headers: import('node:http').IncomingHttpHeaders, body: string }>}
 */
export function rawRequest(url, { method = 'GET', headers = {}, body, chunked = false, localAddress, path } = {}) {
  return new Promise((resolve, reject) => {
    const sent = request(url, { method, headers, localAddress, ...(path === undefined ? {} : { path }) }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
    });
    sent.on('error', reject);
    if (body !== undefined && chunked) {
      // Written in pieces with no Content-Length: Node sends it chunked.
      const bytes = Buffer.from(body);
      for (let at = 0; at < bytes.length; at += 16 * 1024) sent.write(bytes.subarray(at, at + 16 * 1024));
    } else if (body !== undefined) {
      sent.setHeader('content-length', Buffer.byteLength(body));
      sent.write(body);
    }
    sent.end();
  });
}

/**
 * Posts `size` bytes of body as a client that is not listening for an early answer would: every byte, in 64 KB
 * writes as fast as the connection takes them, chunked (no length) or with its Content-Length, while reading
 * whatever answer comes meanwhile. Resolves with the answer once it has been read whole; rejects on any error
 * before then (a connection reset that lost the answer: ECONNRESET, EPIPE).
 *
 * @param {string} url
 * @param {{ size: number, chunked?: boolean, headers?: Record<string, string> }} options
 * @returns {Promise<{ status: number, headers: import('node:http').IncomingHttpHeaders, body: string }>}
 */
export function postLargeBody(url, { size, chunked = false, headers = {} }) {
  return new Promise((resolve, reject) => {
    // A connection of its own, closed after: no later request waits on one the server is closing.
    const sent = request(url, { method: 'POST', headers: { ...headers, ...(chunked ? {} : { 'content-length': String(size) }) }, agent: false }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
      response.on('error', reject);
    });
    sent.on('error', reject);
    const piece = Buffer.alloc(64 * 1024, 'x');
    let left = size;
    const write = () => {
      while (left > 0) {
        const bytes = piece.subarray(0, Math.min(piece.length, left));
        left -= bytes.length;
        if (!sent.write(bytes)) return void sent.once('drain', write);
      }
      sent.end();
    };
    write();
  });
}

/**
 * Bytes written as they are on a socket of their own (a request no HTTP client would send: no Host, two of them,
 * `*` as the target, a whole address, a head that never ends), and the answer's status and headers once its head
 * has come.
 *
 * @param {string} url where to connect: only its host and port are read
 * @param {string} bytes
 * @returns {Promise<{ status: number, headers: Record<string, string> }>}
 */
export function rawExchange(url, bytes) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(bytes));
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => {
      received += chunk;
      const end = received.indexOf('\r\n\r\n');
      if (end === -1) return;
      const [statusLine = '', ...lines] = received.slice(0, end).split('\r\n');
      socket.destroy();
      resolve({
        status: Number(statusLine.split(' ')[1]),
        headers: Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()])),
      });
    });
    socket.on('close', () => reject(new Error(`the connection closed before an answer's head: ${JSON.stringify(received.slice(0, 80))}`)));
    socket.on('error', reject);
  });
}
