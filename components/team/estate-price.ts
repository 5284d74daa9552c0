import { estatesPage as copy } from '@/lib/copy/team-brokers';

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** An estate's price as the team's pages show it: in dollars, or on request. */
export const estatePrice = (listPrice: number | null) => (listPrice === null ? copy.priceOnRequest : dollars.format(listPrice));
