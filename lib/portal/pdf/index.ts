import 'server-only';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { siteHref, siteUrl } from '@/lib/config/site';
import { estate, hero, inquiry } from '@/lib/copy/site';
import type { BrochureContact } from './brochure';
import { formatMonth } from './format';
import type { DocumentRequest } from './make';
import { distDir, pdfPhoto } from './photos';
import type { PriceListInput, PriceListLot } from './price-list';
import { DocumentThread } from './thread';
import { processOnce } from '@/lib/process-state';
import { PLAN_SHAPE_IDS } from '@/lib/holds/site-plan';
import { LOT_STANDINGS } from '@/lib/holds/types';

export type { BrochureContact } from './brochure';
export type { PriceListInput, PriceListLot } from './price-list';

/** The bundle of worker.ts the build writes into the dist directory (scripts/build-pdf-worker.mjs). */
const PDF_WORKER_FILE = 'pdf-worker.mjs';

/**
 * The documents' thread of a production server, which its build made; none in development or tests, where a
 * bundle left by an earlier build could be out of date and documents are made on this thread instead. One per
 * process (lib/process-state.ts): the portal page that readies it and the route that downloads are bundled apart.
 */
const documentThread = () =>
  processOnce('documentThread', () => {
    const file = path.join(distDir(process.cwd()), PDF_WORKER_FILE);
    return process.env.NODE_ENV === 'production' && existsSync(/*turbopackIgnore: true*/ file) ? new DocumentThread(file) : null;
  });

/**
 * How many documents may wait to be made in a process. Each takes half a second or so: past this many, an ask
 * would wait longer than a person waits for a download, and a burst of asks (a script, a stolen session) would
 * hold every broker's behind it.
 */
export const DOCUMENTS_WAITING_LIMIT = 12;

/** A document not taken on, as DOCUMENTS_WAITING_LIMIT others wait to be made. */
export class DocumentsBusy extends Error {
  override name = 'DocumentsBusy';
}

/**
 * The document being made, and how many wait. One at a time in a process: two at once would only finish later
 * together, each holding its layout in memory meanwhile.
 */
const queue = () => processOnce('documentQueue', () => ({ making: Promise.resolve() as Promise<unknown>, waiting: 0 }));
function make(request: DocumentRequest): Promise<Buffer> {
  const documents = queue();
  if (documents.waiting >= DOCUMENTS_WAITING_LIMIT) return Promise.reject(new DocumentsBusy());
  documents.waiting += 1;
  const made = documents.making
    .catch(() => undefined)
    .then(async () => documentThread()?.make(request) ?? (await import('./make')).makeDocument(request))
    .finally(() => {
      documents.waiting -= 1;
    });
  documents.making = made;
  return made;
}

/** The current availability and prices, on the letterhead, each page naming the broker it was made for and when. */
export function renderPriceList(input: PriceListInput): Promise<Buffer> {
  return make({ kind: 'price_list', input });
}

/** The brochure's photographs: the hero, the design, and the slides (the first two large, the rest small). */
const brochurePhotos = () =>
  Promise.all([
    pdfPhoto(hero.image.src, 1600),
    pdfPhoto(estate.image.src, 1400),
    ...inquiry.slides.map((slide, index) => pdfPhoto(slide.src, index < 2 ? 1600 : 800)),
  ]);

/**
 * A list of two pages made for nobody, every standing, every lot of the plan and a price on request among them:
 * making it runs every part of the price list's layout often enough for the engine to compile it, which an empty
 * list does not.
 */
const WARM_UP_LOTS: PriceListLot[] = Array.from({ length: 40 }, (_, index) => ({
  id: `warm-up-${index}`,
  lot: `Lot ${index + 1}`,
  lotAcres: 1 + (index % 4) * 0.25,
  homeSqft: 8000 + index * 120,
  bedrooms: 5 + (index % 3),
  bathrooms: 5.5 + (index % 2),
  standing: LOT_STANDINGS[index % LOT_STANDINGS.length]!,
  shape: PLAN_SHAPE_IDS[index] ?? null,
  listPrice: index % 7 === 3 ? null : 4_000_000 + index * 90_000,
  changedAt: new Date(Date.UTC(2026, 0, 1 + index)).toISOString(),
}));

let warmed: Promise<void> | null = null;

/**
 * Readies the making of documents in this process, once: the typefaces read and laid out, the layout engine
 * compiled, the brochure's photographs loaded, by making an empty price list and loading the photographs. The
 * portal page asks for it after answering a broker, so that the download they came for does not pay for it.
 */
export function warmDocuments(): Promise<void> {
  warmed ??= Promise.all([
    renderPriceList({ lots: WARM_UP_LOTS, broker: { name: 'Warm-up', brokerage: 'Warm-up' }, madeAt: new Date(), timeZone: 'UTC' }),
    brochurePhotos(),
  ]).then(
    () => undefined,
    (error: unknown) => {
      warmed = null;
      throw error;
    },
  );
  return warmed;
}

export interface BrochureInput {
  /** The broker's contact on the sales team; null for the team as a whole (the page's inquiry form). */
  contact: BrochureContact | null;
  madeAt: Date;
}

/**
 * The development as the home page presents it, every word and photograph from lib/copy/site.ts (the photographs
 * from the files the page's own images are made from), with the sales team's contact on the back page.
 */
export async function renderBrochure({ contact, madeAt }: BrochureInput): Promise<Buffer> {
  const [heroPhoto, design, ...slides] = await brochurePhotos();
  return make({
    kind: 'brochure',
    input: {
      contact,
      photos: {
        hero: heroPhoto!,
        design: design!,
        slides: slides.map((photo, index) => ({ photo, alt: inquiry.slides[index]!.alt })),
      },
      // No time zone is given: the month and year as in UTC, a day either way at most.
      edition: formatMonth(madeAt, 'UTC'),
      year: madeAt.getUTCFullYear(),
      inquiryAddress: siteHref(`/#${inquiry.anchor}`),
      siteAddress: siteUrl().host,
    },
  });
}

