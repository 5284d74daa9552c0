import type { Metadata } from 'next';
import { TourLinkGone } from '@/components/tours/tour-page';
import { tourPage } from '@/lib/copy/tours';

export const metadata: Metadata = { title: tourPage.dead.title, robots: { index: false, follow: false } };

/** Anything under /tour/<token> not found: the words of a link that cannot open. */
export default function NotFound() {
  return <TourLinkGone />;
}
