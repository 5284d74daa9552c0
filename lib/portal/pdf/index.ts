import 'server-only';
import { renderToBuffer } from '@react-pdf/renderer';
import { createElement } from 'react';
import { PriceListDocument, type PriceListInput } from './price-list';
import { registerFonts } from './theme';

export type { PriceListInput } from './price-list';

/** The current availability and prices, on the letterhead, each page naming the broker it was made for and when. */
export async function renderPriceList(input: PriceListInput): Promise<Buffer> {
  registerFonts();
  return renderToBuffer(createElement(PriceListDocument, input));
}
