// The site plan's words: on the portal's page (components/shared/site-plan.tsx) and the price list's first page.
import type { LotStanding } from '@/lib/holds/types';
import { PRICE_ON_REQUEST as PRICE_ON_REQUEST_ALONE, wholeDollars } from './money';

/** Each standing as a sentence says it. */
const standingWords: Record<LotStanding, string> = {
  available: 'available',
  on_hold: 'on hold',
  reserved: 'reserved',
  under_contract: 'under contract',
  sold: 'sold',
};

/** Within a sentence: a lot's link in the plan. */
const PRICE_ON_REQUEST = PRICE_ON_REQUEST_ALONE.toLowerCase();

/** "Lot 2" for a lot numbered 2; a lot with a name of its own ("The Crest", "Lot 7") as it is written. */
const lotWords = (lot: string) => (/^\s*\p{Nd}/u.test(lot) ? `Lot ${lot.trim()}` : lot.trim());

export const sitePlan = {
  /** The legend's name for each standing, beside its swatch. */
  legend: {
    available: 'Available',
    on_hold: 'On hold',
    reserved: 'Reserved',
    under_contract: 'Under contract',
    sold: 'Sold',
  } satisfies Record<LotStanding, string>,
  /** A lot the plan draws that no estate is listed for yet. */
  unlisted: 'Not yet released',
  legendLabel: 'Key to the plan',
  /** What the drawing is, to those who hear it: its lots follow, each a link. */
  drawingLabel: 'Site plan of Aldercrest Estates',
  caption: 'Indicative only and not to scale: lot lines, buildings and planting are shown for illustration.',
  north: 'N',
  standing: (standing: LotStanding) => standingWords[standing],
  priceOnRequest: PRICE_ON_REQUEST,
  /** A lot's link as it is read: "Lot 2, Heron Pond, available, $18,750,000". */
  lotLink: (lot: string, place: string, standing: LotStanding, listPrice: number | null) =>
    `${lotWords(lot)}, ${place}, ${standingWords[standing]}, ${listPrice === null ? PRICE_ON_REQUEST : wholeDollars(listPrice)}`,
} as const;
