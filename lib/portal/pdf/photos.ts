import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StaticImageData } from 'next/image';
import { MANIFEST, PDF_PHOTO_WIDTHS, pdfPhotoName, scalePdfPhoto } from './photo-files.mjs';

/** The build's directory under a project (or standalone server) root. */
export const distDir = (root: string) => path.join(/*turbopackIgnore: true*/ root, process.env.NEXT_DIST_DIR || '.next');

/**
 * The file behind an imported image, on this server. Under Next an import's src is the address of the build's
 * copy, /_next/static/media/<name>.<hash>.jpg, which is .next/static/media/... on disk (in the project and in
 * the standalone server alike, scripts/prepare-standalone.mjs copying it there). In jest the import names its
 * source file itself (__tests__/support/static-image.cjs).
 */
export function imageFile(image: StaticImageData, root: string = process.cwd()): string {
  if (image.src.startsWith('file:')) return fileURLToPath(image.src);
  // The build's own files, there at run time already: nothing for the build to trace from here.
  if (image.src.startsWith('/_next/static/')) return path.join(distDir(root), image.src.slice('/_next/'.length));
  throw new Error(`No file for the image ${image.src}: only the build's own images can go into a PDF`);
}

export interface PdfPhoto {
  data: Buffer;
  format: 'jpg';
  width: number;
  height: number;
}

type Manifest = Record<string, { width: number; height: number }>;
const manifests = new Map<string, Promise<Manifest | null>>();

/** The sizes of the build's scaled copies (lib/portal/pdf/photo-files.mjs); null where the build made none. */
function builtManifest(root: string): Promise<Manifest | null> {
  let manifest = manifests.get(root);
  if (!manifest) {
    manifest = readFile(/*turbopackIgnore: true*/ path.join(distDir(root), 'pdf-photos', MANIFEST), 'utf8').then(
      (text) => JSON.parse(text) as Manifest,
      () => null,
    );
    manifests.set(root, manifest);
  }
  return manifest;
}

const made = new Map<string, Promise<PdfPhoto>>();
/** Photographs scaled here, for want of the build's copies: one at a time, each decoding an original. */
let scaling: Promise<unknown> = Promise.resolve();

async function photoAt(image: StaticImageData, width: number, root: string): Promise<PdfPhoto> {
  const file = imageFile(image, root);
  const name = pdfPhotoName(file, width);
  const size = image.src.startsWith('/_next/static/') ? (await builtManifest(root))?.[name] : undefined;
  if (size) return { data: await readFile(/*turbopackIgnore: true*/ path.join(distDir(root), 'pdf-photos', name)), format: 'jpg', ...size };
  const scaled = scaling.catch(() => undefined).then(async () => scalePdfPhoto(await readFile(/*turbopackIgnore: true*/ file), width));
  scaling = scaled;
  return { ...(await scaled), format: 'jpg' };
}

/**
 * A photograph at most `width` pixels wide (one of PDF_PHOTO_WIDTHS), as a JPEG for a PDF: the build's scaled
 * copy where there is one, else scaled here; either way once per process, and kept.
 */
export function pdfPhoto(image: StaticImageData, width: number, root: string = process.cwd()): Promise<PdfPhoto> {
  if (!PDF_PHOTO_WIDTHS.includes(width)) throw new Error(`A PDF's photographs are made ${PDF_PHOTO_WIDTHS.join(', ')} px wide, not ${width}`);
  const key = `${image.src}@${width}`;
  let photo = made.get(key);
  if (!photo) {
    photo = photoAt(image, width, root);
    // A file that failed to load is tried again next time.
    photo.catch(() => made.delete(key));
    made.set(key, photo);
  }
  return photo;
}
