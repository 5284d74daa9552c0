// At build, after the pages are prerendered: every optimised image a page asks for (each address in their
// srcset and src, `/_next/image?url=…&w=…&q=…`), encoded once as AVIF, WebP and the source's own format with
// the settings of Next's image optimiser, into .next/standalone/.next/image-variants. The server answers those
// addresses from these files (scripts/image-variants.cjs), so the optimiser, whose AVIF encoder held the
// server at 1.2 GB after a cold cache was filled, never runs in production.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const TYPES = { jpeg: ['image/jpeg', 'jpg'], png: ['image/png', 'png'], webp: ['image/webp', 'webp'], avif: ['image/avif', 'avif'] };

/** `url|w|q` of an optimised image address, or null for any other address. */
export function variantKey(address) {
  const parsed = new URL(address.replace(/&amp;/g, '&'), 'http://site.invalid');
  if (parsed.pathname !== '/_next/image') return null;
  const url = parsed.searchParams.get('url');
  const width = parsed.searchParams.get('w');
  const quality = parsed.searchParams.get('q');
  return url && width && quality ? `${url}|${width}|${quality}` : null;
}

/** Every optimised image address in a page's HTML. */
export function imageAddresses(html) {
  const addresses = new Set();
  for (const [, list] of html.matchAll(/\b(?:srcSet|srcset|src|href|imageSrcSet|imagesrcset)="([^"]*\/_next\/image\?[^"]*)"/g)) {
    for (const candidate of list.split(',')) {
      const address = candidate.trim().split(/\s+/)[0];
      if (address) addresses.add(address);
    }
  }
  return [...addresses];
}

/** The encoder Next's optimiser would use for `format` (next/dist/server/image-optimizer/transform.js). */
function encode(pipeline, format, quality) {
  if (format === 'avif') return pipeline.avif({ quality: Math.max(Math.round(quality * (50 / 80)), 1), effort: 3 });
  if (format === 'webp') return pipeline.webp({ quality });
  if (format === 'png') return pipeline.png({ quality });
  return pipeline.jpeg({ quality, mozjpeg: true });
}

/**
 * @param {{ pages: string[], staticDir: string, outDir: string }} options the prerendered pages' HTML, the
 * build's static folder (.next/static, which `/_next/static/…` addresses) and where the files go
 */
export async function buildImageVariants({ pages, staticDir, outDir }) {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const keys = [...new Set(pages.flatMap(imageAddresses).map(variantKey).filter(Boolean))];
  // One encoder thread at a time: the build shares its machine too.
  sharp.concurrency(1);
  const manifest = {};
  for (const key of keys.sort()) {
    const [url, width, quality] = key.split('|');
    if (!url.startsWith('/_next/static/')) throw new Error(`An optimised image outside the build's static files: ${url}`);
    const source = readFileSync(path.join(staticDir, url.slice('/_next/static/'.length)));
    const { format: sourceFormat } = await sharp(source).metadata();
    if (!TYPES[sourceFormat]) throw new Error(`${url} is ${sourceFormat}, which the optimiser would not re-encode`);
    const files = {};
    for (const format of new Set(['avif', 'webp', sourceFormat])) {
      const pipeline = sharp(source).rotate().resize(Number(width), undefined, { withoutEnlargement: true });
      const bytes = await encode(pipeline, format, Number(quality)).toBuffer();
      const name = `${createHash('sha256').update(bytes).digest('base64url').slice(0, 20)}.${TYPES[format][1]}`;
      writeFileSync(path.join(outDir, name), bytes);
      files[TYPES[format][0]] = name;
    }
    manifest[key] = { files, fallback: TYPES[sourceFormat][0] };
  }
  writeFileSync(path.join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 1)}\n`);
  return keys.length;
}
