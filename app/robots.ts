import type { MetadataRoute } from 'next';
import { readConfig } from '@/lib/env';

export default function robots(): MetadataRoute.Robots {
  const { siteUrl } = readConfig();
  return {
    rules: [{ userAgent: '*', allow: '/', disallow: ['/admin', '/api/'] }],
    sitemap: new URL('/sitemap.xml', siteUrl).href,
  };
}
