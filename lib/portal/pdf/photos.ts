import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StaticImageData } from 'next/image';
import sharp from 'sharp';

/**
 * The file behind an imported image, on this server. Under Next an import's src is the address of the build's
 * copy, /_next/static/media/<name>.<hash>.jpg, which is .next/static/media/... on disk (in the project and in
 * the standalone server alike, scripts/prepare-standalone.mjs copying it there). In jest the import names its
 * source file itself (__tests__/support/static-image.cjs).
 */
export function imageFile(image: StaticImageData, root: string = process.cwd()): string {
  if (image.src.startsWith('file:')) return fileURLToPath(image.src);
  if (image.src.startsWith('/_next/static/')) {
    const distDir = process.env.NEXT_DIST_DIR || '.next';
    // The build's own files, there at run time already: nothing for the build to trace from here.
    return path.join(/*turbopackIgnore: true*/ root, distDir, image.src.slice('/_next/'.length));
  }
  throw new Error(`No file for the image ${image.src}: only the build's own images can go into a PDF`);
}

export interface PdfPhoto {
  data: Buffer;
  format: 'jpg';
  width: number;
  height: number;
}

const made = new Map<string, Promise<PdfPhoto>>();

/**
 * A photograph at most `maxWidth` pixels wide, as a JPEG for a PDF: made once per process and kept (the
 * originals are 2,400 to 2,560 px and up to a megabyte; a page needs far fewer).
 */
export function pdfPhoto(image: StaticImageData, maxWidth = 1600): Promise<PdfPhoto> {
  const file = imageFile(image);
  const key = `${file}@${maxWidth}`;
  let photo = made.get(key);
  if (!photo) {
    photo = readFile(/*turbopackIgnore: true*/ file)
      .then((bytes) =>
        sharp(bytes)
          .resize({ width: maxWidth, withoutEnlargement: true })
          .jpeg({ quality: 78, mozjpeg: true })
          .toBuffer({ resolveWithObject: true }),
      )
      .then(({ data, info }) => ({ data, format: 'jpg' as const, width: info.width, height: info.height }));
    // A file that failed to load is tried again next time.
    photo.catch(() => made.delete(key));
    made.set(key, photo);
  }
  return photo;
}
