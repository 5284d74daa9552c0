import type { MetadataRoute } from 'next';
import { siteHref } from '@/lib/config/site';

export default function robots(): MetadataRoute.Robots {
  return {
    rules: [{ userAgent: '*', allow: '/', disallow: ['/admin', '/api/', '/sign-in', '/account', '/portal', '/tour'] }],
    sitemap: siteHref('/sitemap.xml'),
  };
}
