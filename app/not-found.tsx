import { unlistedPage } from '@/lib/unlisted-page';
import { NotFound } from '@/components/site/not-found';

export const metadata = unlistedPage('Page not found');

export default function NotFoundPage() {
  return <NotFound />;
}
