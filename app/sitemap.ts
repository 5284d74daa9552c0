import type { MetadataRoute } from 'next';
import { siteHref } from '@/lib/config/site';

export default function sitemap(): MetadataRoute.Sitemap {
  return [
    { url: siteHref('/'), changeFrequency: 'monthly', priority: 1 },
    { url: siteHref('/privacy'), changeFrequency: 'yearly', priority: 0.2 },
  ];
}
