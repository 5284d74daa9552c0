// Amounts in US dollars, as every page, email, chart and price list writes them: one way to write a price.

const whole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const withCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** A price in whole dollars, as a lot is listed and a total summed: $4,250,000. */
export const wholeDollars = (amount: number) => whole.format(amount);

/** A sum of money paid or due: no cents when whole, else both digits of them ($937,500; $937,500.50). */
export const formatUsd = (amount: number) => (Number.isInteger(amount) ? whole : withCents).format(amount);

/** What a lot without a list price shows instead: on a page, in an email, on the price list. */
export const PRICE_ON_REQUEST = 'Price on request';

/** A lot's list price where it stands alone (a cell, a card): in whole dollars, or on request. */
export const listPriceWords = (listPrice: number | null) => (listPrice === null ? PRICE_ON_REQUEST : wholeDollars(listPrice));
