import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer, get, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { writePageEncodings, writeStaticEncodings } from '../../scripts/build-pages.mjs';

// Plain JavaScript that runs beside the standalone build.
/* eslint-disable @typescript-eslint/no-require-imports */
const { createCompressedStatic } = require('../../server/compressed-static.cjs') as typeof import('../../server/compressed-static.cjs');
const { createImageVariants } = require('../../server/image-variants.cjs') as typeof import('../../server/image-variants.cjs');
const { createPrerenderedPages } = require('../../server/prerendered-pages.cjs') as typeof import('../../server/prerendered-pages.cjs');
const { chooseEncoding, createSiteHeaders } = require('../../server/static-answers.cjs') as typeof import('../../server/static-answers.cjs');
/* eslint-enable @typescript-eslint/no-require-imports */

const dir = mkdtempSync(path.join(tmpdir(), 'static-answers-'));
const IMAGE = '/_next/image?url=%2F_next%2Fstatic%2Fmedia%2Fhero.abc.jpg&w=640&q=70';
writeFileSync(path.join(dir, 'a.avif'), 'avif bytes');
writeFileSync(path.join(dir, 'a.webp'), 'webp bytes');
writeFileSync(path.join(dir, 'a.jpg'), 'jpeg bytes');
writeFileSync(
  path.join(dir, 'manifest.json'),
  JSON.stringify({ '/_next/static/media/hero.abc.jpg|640|70': { files: { 'image/avif': 'a.avif', 'image/webp': 'a.webp', 'image/jpeg': 'a.jpg' }, fallback: 'image/jpeg' } }),
);
const EVERY_PATH = '^(?:/((?:[^/]+?)(?:/(?:[^/]+?))*))?(?:/)?$';
writeFileSync(
  path.join(dir, 'routes-manifest.json'),
  JSON.stringify({
    headers: [
      {
        source: '/:path*',
        regex: EVERY_PATH,
        headers: [
          { key: 'X-Frame-Options', value: 'DENY' },
          { key: 'Content-Security-Policy', value: "default-src 'self'; script-src 'self' 'sha256-one=' 'sha256-two='; object-src 'none'" },
        ],
      },
      { source: '/:path*', regex: EVERY_PATH, has: [{ type: 'header', key: 'x-forwarded-proto', value: 'https' }], headers: [{ key: 'Strict-Transport-Security', value: 'max-age=63072000' }] },
    ],
  }),
);
const PAGE_SCRIPT = 'document.documentElement.dataset.ready = "";';
const PAGE = `<!DOCTYPE html><html><head><script>${PAGE_SCRIPT}</script></head><body>${'<p>The estate, described at length.</p>'.repeat(200)}</body></html>`;
const pagesDir = path.join(dir, 'pages');
const sizes = writePageEncodings({ '/': PAGE }, pagesDir);

// A build's static folder: a script, a style sheet in a folder of the same name elsewhere, a typeface.
const staticDir = path.join(dir, 'static');
const SCRIPT = `(globalThis.TURBOPACK ||= []).push(${JSON.stringify('the estate, in a chunk '.repeat(300))});`;
const SHEET = `.hero{color:#f7f3ec}${'.card{margin:0 auto}'.repeat(100)}`;
mkdirSync(path.join(staticDir, 'chunks'), { recursive: true });
mkdirSync(path.join(staticDir, 'css', 'chunks'), { recursive: true });
mkdirSync(path.join(staticDir, 'media'), { recursive: true });
writeFileSync(path.join(staticDir, 'chunks', 'app.js'), SCRIPT);
writeFileSync(path.join(staticDir, 'css', 'chunks', 'app.css'), SHEET);
writeFileSync(path.join(staticDir, 'media', 'face.woff2'), 'wOF2 bytes');
const encodingsDir = path.join(dir, 'static-encodings');
const staticTotals = writeStaticEncodings(staticDir, encodingsDir);

const siteHeaders = createSiteHeaders(path.join(dir, 'routes-manifest.json'));
const serveCompressedStatic = createCompressedStatic({ directory: encodingsDir, siteHeaders });
const serveImageVariant = createImageVariants({ directory: dir, siteHeaders });
const servePrerenderedPage = createPrerenderedPages({ directory: pagesDir, siteHeaders });

let server: Server;
let url: string;
beforeAll(async () => {
  server = createServer((request: IncomingMessage, response: ServerResponse) => {
    if (serveCompressedStatic(request, response) || serveImageVariant(request, response) || servePrerenderedPage(request, response)) return;
    response.end('from Next');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The answer as sent, its body neither decoded nor asked for in any encoding but those named. */
function raw(pathname: string, headers: Record<string, string> = {}, method = 'GET'): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(`${url}${pathname}`, { headers, method }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

describe('images encoded at build', () => {
  it.each([
    ['image/avif,image/webp,*/*', 'image/avif', 'avif bytes'],
    ['image/webp,*/*', 'image/webp', 'webp bytes'],
    ['*/*', 'image/jpeg', 'jpeg bytes'],
  ])('answers Accept %s with %s, cacheable for good, with the site headers', async (accept, type, body) => {
    const response = await fetch(`${url}${IMAGE}`, { headers: { accept } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(type);
    expect(response.headers.get('vary')).toBe('Accept');
    expect(response.headers.get('cache-control')).toBe('public, max-age=315360000, immutable');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(await response.text()).toBe(body);
  });

  it('answers 304 to the ETag it gave, with the site headers', async () => {
    const etag = (await fetch(`${url}${IMAGE}`, { headers: { accept: 'image/avif' } })).headers.get('etag') ?? '';
    const answer = await raw(IMAGE, { accept: 'image/avif', 'if-none-match': etag });
    expect(answer.status).toBe(304);
    expect(answer.headers['x-frame-options']).toBe('DENY');
  });

  it('answers 404 to an image address no page asks for, rather than encoding it, with the site headers', async () => {
    const answer = await raw(IMAGE.replace('w=640', 'w=3840'));
    expect(answer.status).toBe(404);
    expect(answer.headers['x-frame-options']).toBe('DENY');
    expect(answer.headers['content-security-policy']).toMatch(/^default-src 'self'/);
  });
});

describe('prerendered pages, compressed at build', () => {
  it('sends Brotli to a browser that accepts it, gzip to one that accepts only gzip, and the page as written to one that asks for neither', async () => {
    const br = await raw('/', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(PAGE);
    expect(br.body.length).toBe(sizes['/']!.br);
    const gzip = await raw('/', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(PAGE);
    const plain = await raw('/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(PAGE);
    for (const answer of [br, gzip, plain]) {
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(answer.headers['content-length']).toBe(String(answer.body.length));
      expect(answer.headers.vary).toMatch(/(^|, )rsc, .*Accept-Encoding$/);
      expect(answer.headers['x-frame-options']).toBe('DENY');
    }
    expect(new Set([br, gzip, plain].map((answer) => answer.headers.etag)).size).toBe(3);
  });

  it("allows in its policy the page's own inline scripts by hash, not every prerendered page's, and keeps the rest of the policy", async () => {
    const own = `'sha256-${createHash('sha256').update(PAGE_SCRIPT).digest('base64')}'`;
    expect((await raw('/')).headers['content-security-policy']).toBe(`default-src 'self'; script-src 'self' ${own}; object-src 'none'`);
    expect((await raw('/privacy')).body.toString()).toBe('from Next');
  });

  it.each([
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0.5, br;q=0.1', 'gzip'],
    ['gzip, br', 'br'],
    ['gzip;q=0.8, br;q=0.8', 'br'],
    ['gzip;q=0.5', 'gzip'],
    ['identity;q=1, gzip;q=0.5', 'identity'],
    ['identity;q=0.2, gzip;q=0.5', 'gzip'],
    ['gzip, identity', 'gzip'],
    ['*', 'br'],
    ['br;q=0, *;q=0.3', 'gzip'],
    ['x-gzip', 'gzip'],
    ['identity', 'identity'],
    ['deflate, compress', 'identity'],
    ['', 'identity'],
    [',;q=,  ;', 'identity'],
  ])('reads Accept-Encoding %j as %s', (header, encoding) => {
    expect(chooseEncoding(header)).toBe(encoding);
  });

  it('answers 304 to the ETag of the encoding it gave, a list holding it or a weak form of it, and 200 to another', async () => {
    const { etag } = (await raw('/', { 'accept-encoding': 'br' })).headers;
    for (const ifNoneMatch of [etag!, `"other", ${etag}`, `W/${etag}`, '*']) {
      const answer = await raw('/', { 'accept-encoding': 'br', 'if-none-match': ifNoneMatch });
      expect(answer.status).toBe(304);
      expect(answer.body.length).toBe(0);
      expect(answer.headers.etag).toBe(etag);
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['content-security-policy']).toMatch(/^default-src 'self'/);
    }
    expect((await raw('/', { 'accept-encoding': 'gzip', 'if-none-match': etag! })).status).toBe(200);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const head = await raw('/', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(sizes['/']!.br));
    expect(head.body.length).toBe(0);
    expect(head.headers['x-frame-options']).toBe('DENY');
    expect(head.headers['content-security-policy']).toMatch(/^default-src 'self'/);
  });

  it('adds the headers next.config.ts gives only under a condition when the request meets it', async () => {
    expect((await raw('/')).headers['strict-transport-security']).toBeUndefined();
    expect((await raw('/', { 'x-forwarded-proto': 'https' })).headers['strict-transport-security']).toBe('max-age=63072000');
    expect((await raw('/', { 'x-forwarded-proto': 'https, http' })).headers['strict-transport-security']).toBeUndefined();
  });

  it('serves the page at its address whatever the query, and leaves the RSC payload, other addresses and posts to Next', async () => {
    expect((await raw('/?utm_source=newsletter')).body.toString()).toBe(PAGE);
    expect((await raw('/', { rsc: '1' })).body.toString()).toBe('from Next');
    expect((await raw('/', { rsc: '' })).body.toString()).toBe('from Next');
    // Next reads its other router headers only beside rsc: alone they leave the page as it is, and its Vary says so.
    for (const name of ['next-router-prefetch', 'next-router-state-tree', 'next-router-segment-prefetch']) {
      const answer = await raw('/', { [name]: '1' });
      expect(answer.body.toString()).toBe(PAGE);
      expect(answer.headers.vary).toBe('rsc, Accept-Encoding');
    }
    expect((await raw('/privacy')).body.toString()).toBe('from Next');
    expect((await raw('/index')).body.toString()).toBe('from Next');
    expect(await (await fetch(`${url}/`, { method: 'POST', body: 'x' })).text()).toBe('from Next');
  });
});

describe('scripts and style sheets, compressed at build', () => {
  const SCRIPT_ADDRESS = '/_next/static/chunks/app.js';
  const SHEET_ADDRESS = '/_next/static/css/chunks/app.css';

  it('writes two encodings of every script and style sheet, and nothing of the files that do not compress', () => {
    expect(staticTotals.files).toBe(2);
    expect(staticTotals.identity).toBe(Buffer.byteLength(SCRIPT) + Buffer.byteLength(SHEET));
    expect(staticTotals.br).toBeLessThan(staticTotals.gzip);
    expect(staticTotals.gzip).toBeLessThan(staticTotals.identity / 4);
    expect(readdirSync(encodingsDir).filter((name) => name !== 'manifest.json')).toHaveLength(4);
  });

  it.each([
    [SCRIPT_ADDRESS, SCRIPT, 'application/javascript; charset=utf-8'],
    [SHEET_ADDRESS, SHEET, 'text/css; charset=utf-8'],
  ])('sends %s in Brotli to a browser that accepts it and gzip to one that accepts only gzip, cacheable for good, with the site headers', async (address, text, type) => {
    const br = await raw(address, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(text);
    const gzip = await raw(`${address}?v=1`, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(text);
    for (const answer of [br, gzip]) {
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe(type);
      expect(answer.headers['content-length']).toBe(String(answer.body.length));
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.headers.vary).toBe('Accept-Encoding');
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['content-security-policy']).toMatch(/^default-src 'self'/);
    }
    expect(br.headers.etag).not.toBe(gzip.headers.etag);
  });

  it('answers 304 to the ETag of the encoding it gave, and HEAD with the headers of GET and no body', async () => {
    const { etag } = (await raw(SCRIPT_ADDRESS, { 'accept-encoding': 'br' })).headers;
    const again = await raw(SCRIPT_ADDRESS, { 'accept-encoding': 'br', 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers['x-frame-options']).toBe('DENY');
    expect((await raw(SCRIPT_ADDRESS, { 'accept-encoding': 'gzip', 'if-none-match': etag! })).status).toBe(200);
    const head = await raw(SCRIPT_ADDRESS, { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
    expect(head.body.length).toBe(0);
  });

  it('leaves to Next a client that asks for neither encoding, a range, a post, a file that does not compress and any address not written at build', async () => {
    for (const [address, headers, method] of [
      [SCRIPT_ADDRESS, {}, 'GET'],
      [SCRIPT_ADDRESS, { 'accept-encoding': 'identity' }, 'GET'],
      [SCRIPT_ADDRESS, { 'accept-encoding': 'br', range: 'bytes=0-9' }, 'GET'],
      [SCRIPT_ADDRESS, { 'accept-encoding': 'br' }, 'POST'],
      ['/_next/static/media/face.woff2', { 'accept-encoding': 'br' }, 'GET'],
      ['/_next/static/chunks/other.js', { 'accept-encoding': 'br' }, 'GET'],
      ['/_next/static/chunks/app%2Ejs', { 'accept-encoding': 'br' }, 'GET'],
      ['/_next/static/chunks/APP.js', { 'accept-encoding': 'br' }, 'GET'],
    ] as const) {
      const answer = await raw(address, headers, method);
      expect([address, answer.body.toString()]).toEqual([address, 'from Next']);
    }
  });
});

describe('the headers of next.config.ts', () => {
  it('refuses to start on a rule with a condition it cannot judge, rather than send its headers wrongly', () => {
    const manifest = path.join(dir, 'cookie-rule.json');
    writeFileSync(manifest, JSON.stringify({ headers: [{ source: '/', regex: '^/$', has: [{ type: 'cookie', key: 'preview' }], headers: [] }] }));
    expect(() => createSiteHeaders(manifest)).toThrow(/condition other than a header/);
  });
});
