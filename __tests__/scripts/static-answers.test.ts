import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

// Plain JavaScript that runs beside the standalone build.
/* eslint-disable @typescript-eslint/no-require-imports */
const { createImageVariants } = require('../../scripts/image-variants.cjs') as typeof import('../../scripts/image-variants.cjs');
const { createPageEtags } = require('../../scripts/page-etags.cjs') as typeof import('../../scripts/page-etags.cjs');
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
writeFileSync(
  path.join(dir, 'routes-manifest.json'),
  JSON.stringify({ headers: [{ source: '/:path*', regex: '^(?:/((?:[^/]+?)(?:/(?:[^/]+?))*))?(?:/)?$', headers: [{ key: 'X-Frame-Options', value: 'DENY' }] }] }),
);
writeFileSync(path.join(dir, 'page-etags.json'), JSON.stringify({ '/': '"abc123"' }));

const serveImageVariant = createImageVariants({ directory: dir, routesManifest: path.join(dir, 'routes-manifest.json') });
const answerWithEtag = createPageEtags(path.join(dir, 'page-etags.json'));

let server: Server;
let url: string;
beforeAll(async () => {
  server = createServer((request: IncomingMessage, response: ServerResponse) => {
    if (serveImageVariant(request, response) || answerWithEtag(request, response)) return;
    response.end('from Next');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

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

  it('answers 304 to the ETag it gave', async () => {
    const etag = (await fetch(`${url}${IMAGE}`, { headers: { accept: 'image/avif' } })).headers.get('etag') ?? '';
    expect((await fetch(`${url}${IMAGE}`, { headers: { accept: 'image/avif', 'if-none-match': etag } })).status).toBe(304);
  });

  it('answers 404 to an image address no page asks for, rather than encoding it', async () => {
    expect((await fetch(`${url}${IMAGE.replace('w=640', 'w=3840')}`)).status).toBe(404);
  });
});

describe('prerendered pages ETags', () => {
  it('gives the page its ETag from the build and answers 304 to it without reaching Next', async () => {
    const first = await fetch(`${url}/`);
    expect(first.headers.get('etag')).toBe('"abc123"');
    expect(await first.text()).toBe('from Next');
    expect((await fetch(`${url}/`, { headers: { 'if-none-match': '"abc123"' } })).status).toBe(304);
  });

  it('leaves the RSC payload, other addresses and posts to Next', async () => {
    const rsc = await fetch(`${url}/`, { headers: { rsc: '1', 'if-none-match': '"abc123"' } });
    expect(rsc.status).toBe(200);
    expect(rsc.headers.get('etag')).toBeNull();
    expect((await fetch(`${url}/privacy`)).headers.get('etag')).toBeNull();
    expect((await fetch(`${url}/`, { method: 'POST', body: 'x', headers: { 'if-none-match': '"abc123"' } })).status).toBe(200);
  });
});
