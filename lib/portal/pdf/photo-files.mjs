// The photographs the PDFs carry, scaled from the page's originals (2,400 to 2,560 px, up to a megabyte) to the
// widths a page of the brochure needs. The build makes them for every photograph of the page
// (scripts/prepare-standalone.mjs) into <distDir>/pdf-photos, with a manifest of their sizes, so that a server
// making a brochure reads small files and never decodes an original: libvips, doing that, kept some 100 MB of
// the server's memory for good. Without the build's files (in tests, in development) the same scaling is done
// when first asked.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The widths a PDF asks for: the brochure's small photographs, its half-page one and its full-page ones. */
export const PDF_PHOTO_WIDTHS = [800, 1400, 1600];
export const MANIFEST = 'manifest.json';

/**
 * The name of a photograph's copy at a width, in <distDir>/pdf-photos.
 * @param {string} original the original's file (its name is enough)
 * @param {number} width
 */
export const pdfPhotoName = (original, width) => `${path.basename(original, path.extname(original))}-${width}.jpg`;

/**
 * An original scaled to at most `width` pixels, as a JPEG; with its size.
 * @param {Buffer} bytes
 * @param {number} width
 * @returns {Promise<{ data: Buffer, width: number, height: number }>}
 */
export async function scalePdfPhoto(bytes, width) {
  // Loaded only when a photograph is scaled: a server with the build's copies never loads libvips for a PDF.
  const { default: sharp } = await import('sharp');
  const { data, info } = await sharp(bytes).resize({ width, withoutEnlargement: true }).jpeg({ quality: 78, mozjpeg: true }).toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * At build: every JPEG of the build's media at every width, into `<distDir>/pdf-photos` with the manifest of
 * their sizes. One at a time: the build machine's memory matters too.
 * @param {string} distDir
 */
export async function buildPdfPhotos(distDir) {
  const media = path.join(distDir, 'static', 'media');
  const out = path.join(distDir, 'pdf-photos');
  mkdirSync(out, { recursive: true });
  /** @type {Record<string, { width: number, height: number }>} */
  const manifest = {};
  for (const file of readdirSync(media).filter((name) => name.endsWith('.jpg'))) {
    const bytes = readFileSync(path.join(media, file));
    for (const width of PDF_PHOTO_WIDTHS) {
      const scaled = await scalePdfPhoto(bytes, width);
      const name = pdfPhotoName(file, width);
      writeFileSync(path.join(out, name), scaled.data);
      manifest[name] = { width: scaled.width, height: scaled.height };
    }
  }
  writeFileSync(path.join(out, MANIFEST), `${JSON.stringify(manifest, null, 1)}\n`);
  return Object.keys(manifest).length;
}
