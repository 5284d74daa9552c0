// The Content-Security-Policy, shared by next.config.ts (every response), proxy.ts (pages rendered per
// request) and scripts/prepare-standalone.mjs (which hashes the prerendered pages' inline scripts).
import { createHash } from 'node:crypto';

/**
 * Stands in the built policy for the hashes of the prerendered pages' inline scripts until
 * scripts/prepare-standalone.mjs writes them in after `next build`. Left in place, a browser ignores
 * it as an unknown keyword and runs no inline script at all: the page then fails closed.
 */
export const INLINE_SCRIPT_HASHES = "'inline-script-hashes'";

/**
 * The policy, with `scripts` the sources allowed beside this origin's own files: the inline
 * scripts' hashes, a request's nonce, or (in development, for Next's reloading) 'unsafe-inline'
 * and 'unsafe-eval'. next/image puts its blur placeholders in inline `style` attributes, which no
 * hash can cover, as `data:` images.
 *
 * @param {{ scripts: string[], development?: boolean }} options
 * @returns {string}
 */
export function contentSecurityPolicy({ scripts, development = false }) {
  const directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scripts],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...(development ? ['ws:'] : [])],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
    .join('; ');
}

/** The policy for a page rendered for one request, whose inline scripts carry this nonce. */
export function policyWithNonce(/** @type {string} */ nonce) {
  return contentSecurityPolicy({ scripts: [`'nonce-${nonce}'`] });
}

// A script element is data, not code, when its type is anything but JavaScript's (JSON-LD, Next's JSON).
const JAVASCRIPT_TYPES = new Set(['', 'text/javascript', 'application/javascript', 'module']);

/**
 * The CSP source of every inline script the browser would run in this HTML, as 'sha256-…', in
 * order of appearance, each once. Script text in HTML is raw (no entities), so the hash is of the
 * characters between the tags.
 *
 * @param {string} html
 * @returns {string[]}
 */
export function inlineScriptHashes(html) {
  const hashes = new Set();
  for (const [, attributes = '', body = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(` ${attributes}`) || body === '') continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(` ${attributes}`)?.[1]?.toLowerCase() ?? '';
    if (!JAVASCRIPT_TYPES.has(type)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}
