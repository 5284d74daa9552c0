/**
 * The site's public address: canonical link, social cards, JSON-LD, robots
 * and sitemap, and the links in emails. The page is prerendered, so the
 * address is fixed when the site is built: next.config.ts reads SITE_URL then
 * and writes it into the build as SITE_URL_OF_BUILD. A server started with
 * another SITE_URL refuses to start (lib/startup.ts) rather than serve pages
 * that name one address while it answers at another.
 */
export const DEFAULT_SITE_URL = 'http://localhost:3000';

export class SiteUrlError extends Error {
  override name = 'SiteUrlError';
}

/** SITE_URL as given (unset or empty: the default), checked and normalised, or a SiteUrlError naming the variable. */
export function parseSiteUrl(value: string | undefined): URL {
  let url: URL | undefined;
  try {
    url = new URL(value || DEFAULT_SITE_URL);
  } catch {
    // reported below
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.pathname !== '/' || url.search || url.hash || url.username || url.password) {
    throw new SiteUrlError("SITE_URL must be the site's public http(s) address with no path, such as https://aldercrest.example");
  }
  return url;
}

/** The address this build was made for (outside a build, in tests, SITE_URL itself). */
export function siteUrl(): URL {
  return parseSiteUrl(process.env.SITE_URL_OF_BUILD ?? process.env.SITE_URL);
}

/** An absolute URL on the site. */
export function siteHref(path: string): string {
  return new URL(path, siteUrl()).href;
}
