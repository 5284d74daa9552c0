import { renderToBuffer } from '@react-pdf/renderer';
import { createElement } from 'react';
import { BrochureDocument, type BrochureProps } from './brochure';
import type { PdfPhoto } from './photos';
import { PriceListDocument, type PriceListInput } from './price-list';
import { registerFonts } from './theme';

/**
 * One document to make, everything it shows given: what can cross to another thread (plain data, dates and
 * bytes), so that the same request is made here or in the documents' own thread (thread.ts) alike.
 */
export type DocumentRequest = { kind: 'price_list'; input: PriceListInput } | { kind: 'brochure'; input: BrochureProps };

/** What renderToBuffer takes: our documents are components whose element is a <Document>. */
type DocumentElement = Parameters<typeof renderToBuffer>[0];

/**
 * Bytes that crossed from another thread arrive as a plain Uint8Array, whatever their type says; react-pdf reads
 * an image's data as a Buffer. A Buffer over the same memory, not a copy.
 */
const photo = ({ data, ...size }: PdfPhoto): PdfPhoto => ({ ...size, data: Buffer.from(data.buffer, data.byteOffset, data.byteLength) });

function documentOf(request: DocumentRequest): DocumentElement {
  if (request.kind === 'price_list') return createElement(PriceListDocument, request.input) as DocumentElement;
  const { photos } = request.input;
  return createElement(BrochureDocument, {
    ...request.input,
    photos: { hero: photo(photos.hero), design: photo(photos.design), slides: photos.slides.map((slide) => ({ ...slide, photo: photo(slide.photo) })) },
  }) as DocumentElement;
}

/** The document, made on the thread this runs on. */
export function makeDocument(request: DocumentRequest): Promise<Buffer> {
  registerFonts();
  return renderToBuffer(documentOf(request));
}
