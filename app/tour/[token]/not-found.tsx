import type { Metadata } from 'next';
import { TourClosed, TourFrame } from '@/components/tour-page';
import { tourPage } from '@/lib/content';

export const metadata: Metadata = { title: tourPage.dead.title, robots: { index: false, follow: false } };

/** A tour link that cannot open (expired, its tour cancelled, unknown, mistyped): 404, and the way to reach the team. */
export default function TourLinkGone() {
  return (
    <TourFrame heading={tourPage.dead.heading}>
      <TourClosed body={tourPage.dead.body} again={tourPage.dead.again} home={tourPage.dead.home} />
    </TourFrame>
  );
}
