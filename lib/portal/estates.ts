/** Where an estate stands in its sale. Sold estates stay listed, marked as such. */
export const ESTATE_STATUSES = ['available', 'reserved', 'under_contract', 'sold'] as const;
export type EstateStatus = (typeof ESTATE_STATUSES)[number];

/** One estate lot and its residence, as the broker portal lists it. */
export interface Estate {
  id: string;
  /** The lot's name on the site plan, such as "7" or "12A". */
  lot: string;
  lotAcres: number;
  homeSqft: number;
  bedrooms: number;
  /** Half baths count as 0.5. */
  bathrooms: number;
  status: EstateStatus;
  /** In whole US dollars; null when the price is given on request. */
  listPrice: number | null;
  /** When its status or price last changed (ISO 8601). */
  changedAt: string;
}
