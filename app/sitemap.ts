import type { MetadataRoute } from 'next';
import { readConfig } from '@/lib/env';

export default function sitemap(): MetadataRoute.Sitemap {
  return [{ url: readConfig().siteUrl.href, changeFrequency: 'monthly', priority: 1 }];
}
