import 'server-only';
import { serverConfig } from './config/server';
import { parseSiteUrl, siteUrl, SiteUrlError } from './config/site';
import { startDelivery } from './delivery';
import { logEvent } from './log';
import { startRetention } from './retention';
import { markStarted } from './process-state';
import { prepareStore } from './store';

/**
 * Validates the environment, chooses the lead store and opens it, before the
 * server answers anyone. A misconfiguration, or an embedded data directory
 * that is locked or not writable, stops the process with one line naming the
 * cause instead of surfacing later as a lost lead.
 */
export async function startServer(): Promise<void> {
  try {
    serverConfig();
    checkSiteUrl(process.env.SITE_URL);
    const store = await prepareStore();
    startDelivery();
    startRetention(store);
    markStarted();
  } catch (error) {
    // These messages name a variable or a directory, never a secret from the environment.
    const failure = error instanceof Error ? error : new Error(String(error));
    logEvent('startup.failed', { error: failure.name, message: failure.message }, 'error');
    process.exit(1);
  }
}

/**
 * The page, its social cards, robots.txt and the sitemap carry the address
 * the site was built for; a server told another one would serve pages that
 * disagree with where it runs, so it refuses to start.
 */
export function checkSiteUrl(atStart: string | undefined, built: URL = siteUrl()): void {
  if (!atStart) return;
  const wanted = parseSiteUrl(atStart);
  if (wanted.href !== built.href) {
    throw new SiteUrlError(
      `SITE_URL is ${wanted.origin} but this build was made for ${built.origin}: the page's canonical link, social cards, ` +
        'robots.txt and sitemap are written when the site is built. Build again with this SITE_URL, or start with the one it was built for.',
    );
  }
}
