// Answers the optimised image addresses (`/_next/image?url=…&w=…&q=…`) from the files encoded at build
// (scripts/build-image-variants.mjs), choosing AVIF or WebP by the browser's Accept header as Next's optimiser
// does, with the headers next.config.ts gives every response. Any other image address is answered 404: every
// one the pages ask for was encoded at build, and the optimiser is not run to make more.
'use strict';

const { createHash } = require('node:crypto');
const { existsSync, readFileSync } = require('node:fs');
const path = require('node:path');
const { sendBytes } = require('./static-answers.cjs');

const PREFERRED = ['image/avif', 'image/webp'];

/**
 * @param {{ directory: string, siteHeaders: ReturnType<import('./static-answers.cjs')['createSiteHeaders']> }} options
 * @returns {(request: import('node:http').IncomingMessage, response: import('node:http').ServerResponse) => boolean}
 *   true when it answered the request
 */
function createImageVariants({ directory, siteHeaders }) {
  const manifestFile = path.join(directory, 'manifest.json');
  // A build without images (or from before this existed) leaves image addresses to Next.
  if (!existsSync(manifestFile)) return () => false;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  /** The files stay in memory: a few megabytes, read once. */
  const files = new Map();
  const file = (name) => {
    if (!files.has(name)) {
      const bytes = readFileSync(path.join(directory, name));
      files.set(name, { bytes, etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"` });
    }
    return files.get(name);
  };

  return function serveImageVariant(request, response) {
    const [pathname, query = ''] = (request.url ?? '/').split('?', 2);
    if (pathname !== '/_next/image' || (request.method !== 'GET' && request.method !== 'HEAD')) return false;
    const params = new URLSearchParams(query);
    const entry = manifest[`${params.get('url')}|${params.get('w')}|${params.get('q')}`];
    for (const [key, value] of Object.entries(siteHeaders(request, pathname))) response.setHeader(key, value);
    if (!entry) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
      response.end('Not Found\n');
      return true;
    }
    const accept = String(request.headers.accept ?? '');
    const type = PREFERRED.find((preferred) => accept.includes(preferred) && entry.files[preferred]) ?? entry.fallback;
    const { bytes, etag } = file(entry.files[type]);
    const headers = {
      'content-type': type,
      'cache-control': 'public, max-age=315360000, immutable',
      vary: 'Accept',
      'content-security-policy': "script-src 'none'; frame-src 'none'; sandbox;",
      'content-disposition': `inline; filename="${path.basename(entry.files[type])}"`,
    };
    return sendBytes(request, response, { headers, bytes, etag });
  };
}

module.exports = { createImageVariants };
