// A request exactly as given, through node:http: any method (fetch refuses TRACE and CONNECT), a body
// sent in chunks without a length, headers a browser would never send. Shared by the tests and the bench.
import { request } from 'node:http';

/**
 * @param {string} url
 * @param {{ method?: string, headers?: Record<string, string>, body?: string | Buffer, chunked?: boolean, localAddress?: string }} [options]
 * @returns {Promise<{ status: number, headers: import('node:http').IncomingHttpHeaders, body: string }>}
 */
export function rawRequest(url, { method = 'GET', headers = {}, body, chunked = false, localAddress } = {}) {
  return new Promise((resolve, reject) => {
    const sent = request(url, { method, headers, localAddress }, (response) => {
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
