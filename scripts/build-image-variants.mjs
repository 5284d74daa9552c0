// At build, after the pages are prerendered: every optimised image a page asks for (each address in their
// srcset and src, `/_next/image?url=…&w=…&q=…`, and those of the images a client component shows later),
// encoded once as AVIF, WebP and the source's own format with the settings of Next's image optimiser, into
// .next/standalone/.next/image-variants. The server answers those addresses from these files
// (server/image-variants.cjs), so the optimiser, whose AVIF encoder held the server at 1.2 GB after a cold
// cache was filled, never runs in production.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

/** @typedef {'jpeg' | 'png' | 'webp' | 'avif'} Format */

/**
 * The formats the optimiser writes, each with its media type and its file's extension.
 * @type {Record<Format, [type: string, extension: string]>}
 */
const TYPES = { jpeg: ['image/jpeg', 'jpg'], png: ['image/png', 'png'], webp: ['image/webp', 'webp'], avif: ['image/avif', 'avif'] };

/**
 * @param {string | undefined} name
 * @returns {name is Format}
 */
const isFormat = (name) => name !== undefined && Object.hasOwn(TYPES, name);

/**
 * @param {string | null} key
 * @returns {key is string}
 */
const isKey = (key) => key !== null;

/**
 * `url|w|q` of an optimised image address, or null for any other address.
 * @param {string} address
 */
export function variantKey(address) {
  const parsed = new URL(address.replace(/&amp;/g, '&'), 'http://site.invalid');
  if (parsed.pathname !== '/_next/image') return null;
  const url = parsed.searchParams.get('url');
  const width = parsed.searchParams.get('w');
  const quality = parsed.searchParams.get('q');
  return url && width && quality ? `${url}|${width}|${quality}` : null;
}

/**
 * Every optimised image address in a page's HTML.
 * @param {string} html
 */
export function imageAddresses(html) {
  /** @type {Set<string>} */
  const addresses = new Set();
  for (const [, list = ''] of html.matchAll(/\b(?:srcSet|srcset|src|href|imageSrcSet|imagesrcset)="([^"]*\/_next\/image\?[^"]*)"/g)) {
    for (const candidate of list.split(',')) {
      const address = candidate.trim().split(/\s+/)[0];
      if (address) addresses.add(address);
    }
  }
  return [...addresses];
}

/**
 * The widths next/image offers for each pair of `sizes` and quality, as the page's <img> and <source> tags list
 * them (they depend on nothing else), keyed `sizes|quality`.
 * @param {string} html
 */
function widthsBySizes(html) {
  /** @type {Map<string, string[]>} */
  const widths = new Map();
  for (const [tag] of html.matchAll(/<(?:img|source)\b[^>]*>/g)) {
    const sizes = /\bsizes="([^"]*)"/.exec(tag)?.[1];
    const keys = imageAddresses(tag).map(variantKey).filter(isKey);
    const [first] = keys;
    if (!sizes || first === undefined) continue;
    widths.set(`${sizes}|${first.split('|')[2]}`, keys.map((key) => key.split('|')[1] ?? ''));
  }
  return widths;
}

/**
 * The addresses of images a client component shows only later (the slideshow's further slides): their
 * next/image props are in the page's RSC payload, and their widths are those of any image with the same
 * `sizes` and quality in the HTML.
 * @param {string} html
 * @returns {string[]}
 */
function laterImageKeys(html) {
  const widths = widthsBySizes(html);
  const payload = html.replace(/\\"/g, '"');
  const starts = [...payload.matchAll(/"src":\{"src":"(\/_next\/static\/media\/[^"]+)"/g)];
  return starts.flatMap((start, index) => {
    const props = payload.slice(start.index, starts[index + 1]?.index ?? start.index + 4000);
    const sizes = /"sizes":"([^"]*)"/.exec(props)?.[1];
    const quality = /"quality":(\d+)/.exec(props)?.[1];
    if (!sizes || !quality) return [];
    const offered = widths.get(`${sizes}|${quality}`);
    if (!offered) throw new Error(`${start[1]} is shown at sizes="${sizes}", quality ${quality}, which no image in the HTML shows`);
    return offered.map((width) => `${start[1]}|${width}|${quality}`);
  });
}

/**
 * The encoder Next's optimiser would use for `format` (next/dist/server/image-optimizer/transform.js).
 * @param {import('sharp').Sharp} pipeline
 * @param {Format} format
 * @param {number} quality
 */
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
  const keys = [...new Set([...pages.flatMap(imageAddresses).map(variantKey).filter(isKey), ...pages.flatMap(laterImageKeys)])];
  // One encoder thread at a time: the build shares its machine too.
  sharp.concurrency(1);
  /** @type {import('../server/image-variants.cjs').VariantManifest} */
  const manifest = {};
  for (const key of keys.sort()) {
    const [url = '', width, quality] = key.split('|');
    if (!url.startsWith('/_next/static/')) throw new Error(`An optimised image outside the build's static files: ${url}`);
    const source = readFileSync(path.join(staticDir, url.slice('/_next/static/'.length)));
    const { format: sourceFormat } = await sharp(source).metadata();
    if (!isFormat(sourceFormat)) throw new Error(`${url} is ${sourceFormat}, which the optimiser would not re-encode`);
    /** @type {Record<string, string>} */
    const files = {};
    /** @type {Set<Format>} */
    const formats = new Set(['avif', 'webp', sourceFormat]);
    for (const format of formats) {
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
