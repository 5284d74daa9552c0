import { unlistedPage } from '@/lib/unlisted-page';
import { TourClosed, TourFrame } from '@/components/tours/tour-page';
import { tourPage } from '@/lib/copy/tours';

// Where a cancellation lands: the link it was made by no longer opens, so the answer has an address of its own.

export const dynamic = 'force-dynamic';

export const metadata = unlistedPage(tourPage.cancelled.title);

export default function TourCancelled() {
  return (
    <TourFrame heading={tourPage.cancelled.heading}>
      <TourClosed body={tourPage.cancelled.body} again={tourPage.cancelled.again} home={tourPage.cancelled.home} />
    </TourFrame>
  );
}
