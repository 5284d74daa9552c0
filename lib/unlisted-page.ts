import type { Metadata } from 'next';

/**
 * The head of a page that is nobody's to find or to share: a signed-in page, a buyer's tour, sign-in and its steps.
 * Kept out of search (each such answer says so in its headers too), and without what the site's public pages carry
 * for search results and shared links (their description, and the card: Open Graph's tags and X's). Nothing reads
 * those here, where a link shared opens to sign-in, and they were 2.4 KB of every such page, half a kilobyte of it
 * compressed: the insights board's first round trip had no room for it (BENCHMARKS.md).
 */
export function unlistedPage(title: string): Metadata {
  return { title, description: null, robots: { index: false, follow: false }, openGraph: null, twitter: null };
}
