// A post's body, read whole by the front door before Next sees it (to check the form it holds), and handed on to Next
// as a request that has just arrived.
'use strict';

const { IncomingMessage } = require('node:http');

/**
 * The body, whole, or null once it passes the limit (then the rest is left unread).
 * @param {import('node:http').IncomingMessage} request
 * @param {number} limit in bytes
 * @returns {Promise<Buffer<ArrayBuffer> | null>}
 */
function readBody(request, limit) {
  return new Promise((resolve, reject) => {
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    /** @param {Buffer} chunk */
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

/**
 * The request again, its body read once already, handed to Next as if it had just arrived, with its length known.
 * @param {import('node:http').IncomingMessage} original
 * @param {Buffer} body
 */
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

module.exports = { readBody, replay };
