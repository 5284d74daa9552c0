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
 * What scripts/build-image-variants.mjs writes for each image address (`url|w|q`): a file for each type, by type.
 * @typedef {Record<string, { files: Record<string, string>, fallback: string }>} VariantManifest
 */

/**
 * The type the browser takes best of those an image was encoded in (its Accept header), and that type's file.
 * @param {VariantManifest[string]} entry
 * @param {string} accept
 */
function chooseFile(entry, accept) {
  const type = PREFERRED.find((preferred) => accept.includes(preferred) && entry.files[preferred]) ?? entry.fallback;
  const name = entry.files[type];
  return name === undefined ? null : { type, name };
}

/**
 * @param {{ directory: string, siteHeaders: import('./static-answers.cjs').SiteHeaders }} options
 * @returns {import('./static-answers.cjs').Answerer}
 */
function createImageVariants({ directory, siteHeaders }) {
  const manifestFile = path.join(directory, 'manifest.json');
  // A build without images (or from before this existed) leaves image addresses to Next.
  if (!existsSync(manifestFile)) return () => false;
  /** @type {VariantManifest} */
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  /**
   * The files stay in memory: a few megabytes, read once.
   * @type {Map<string, import('./static-answers.cjs').EncodedBytes>}
   */
  const files = new Map();
  /** @param {string} name */
  const file = (name) => {
    const known = files.get(name);
    if (known) return known;
    const bytes = readFileSync(path.join(directory, name));
    const read = { bytes, etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"` };
    files.set(name, read);
    return read;
  };

  return function serveImageVariant(request, response) {
    const [pathname, query = ''] = (request.url ?? '/').split('?', 2);
    if (pathname !== '/_next/image' || (request.method !== 'GET' && request.method !== 'HEAD')) return false;
    const params = new URLSearchParams(query);
    const entry = manifest[`${params.get('url')}|${params.get('w')}|${params.get('q')}`];
    for (const [key, value] of Object.entries(siteHeaders(request, pathname))) response.setHeader(key, value);
    const chosen = entry && chooseFile(entry, String(request.headers.accept ?? ''));
    if (!chosen) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
      response.end('Not Found\n');
      return true;
    }
    const { bytes, etag } = file(chosen.name);
    const headers = {
      'content-type': chosen.type,
      'cache-control': 'public, max-age=315360000, immutable',
      vary: 'Accept',
      'content-security-policy': "script-src 'none'; frame-src 'none'; sandbox;",
      'content-disposition': `inline; filename="${path.basename(chosen.name)}"`,
    };
    return sendBytes(request, response, { headers, bytes, etag });
  };
}

module.exports = { createImageVariants };
