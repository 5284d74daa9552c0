import type { Metadata } from 'next';
import { NotFound } from '@/components/site/not-found';

export const metadata: Metadata = { title: 'Page not found', robots: { index: false } };

export default function NotFoundPage() {
  return <NotFound />;
}
