import { estatesPage as copy } from '@/lib/copy/team-brokers';

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const numbers = new Intl.NumberFormat('en-US');

/** An estate's price as the team's pages show it: in dollars, or on request. */
export const estatePrice = (listPrice: number | null) => (listPrice === null ? copy.priceOnRequest : dollars.format(listPrice));

/** An estate's acres or square feet as the team's pages show them, grouped by thousands. */
export const estateFigure = (value: number) => numbers.format(value);
