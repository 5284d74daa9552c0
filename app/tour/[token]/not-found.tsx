import { unlistedPage } from '@/lib/unlisted-page';
import { TourLinkGone } from '@/components/tours/tour-page';
import { tourPage } from '@/lib/copy/tours';

export const metadata = unlistedPage(tourPage.dead.title);

/** Anything under /tour/<token> not found: the words of a link that cannot open. */
export default function NotFound() {
  return <TourLinkGone />;
}
