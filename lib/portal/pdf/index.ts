import 'server-only';
import { renderToBuffer } from '@react-pdf/renderer';
import { createElement } from 'react';
import { siteHref, siteUrl } from '@/lib/config/site';
import { estate, hero, inquiry } from '@/lib/content';
import { BrochureDocument, type BrochureContact } from './brochure';
import { formatMonth } from './format';
import { pdfPhoto } from './photos';
import { PriceListDocument, type PriceListInput } from './price-list';
import { registerFonts } from './theme';

export type { BrochureContact } from './brochure';

/** What renderToBuffer takes: our documents are components whose element is a <Document>. */
type DocumentElement = Parameters<typeof renderToBuffer>[0];
export type { PriceListInput } from './price-list';

/** The current availability and prices, on the letterhead, each page naming the broker it was made for and when. */
export async function renderPriceList(input: PriceListInput): Promise<Buffer> {
  registerFonts();
  return renderToBuffer(createElement(PriceListDocument, input) as DocumentElement);
}

export interface BrochureInput {
  /** The broker's contact on the sales team; null for the team as a whole (the page's inquiry form). */
  contact: BrochureContact | null;
  madeAt: Date;
}

/**
 * The development as the home page presents it, every word and photograph from lib/content.ts (the photographs
 * from the files the page's own images are made from), with the sales team's contact on the back page.
 */
export async function renderBrochure({ contact, madeAt }: BrochureInput): Promise<Buffer> {
  registerFonts();
  const [heroPhoto, design, ...slides] = await Promise.all([
    pdfPhoto(hero.image.src, 1600),
    pdfPhoto(estate.image.src, 1400),
    ...inquiry.slides.map((slide, index) => pdfPhoto(slide.src, index < 2 ? 1600 : 800)),
  ]);
  return renderToBuffer(
    createElement(BrochureDocument, {
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
    }) as DocumentElement,
  );
}
