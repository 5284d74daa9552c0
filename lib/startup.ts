import 'server-only';
import { serverConfig } from './config/server';
import { parseSiteUrl, siteUrl, SiteUrlError } from './config/site';
import { startDelivery } from './delivery';
import { logEvent } from './log';
import { startRetention } from './retention';
import { markStarted } from './process-state';
import { isStoreError, prepareStore, type LeadStore } from './store';

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
    await openTheDoor(store);
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
 * Makes the owners ADMIN_EMAILS names, so that a new deployment can be entered, and says how codes reach
 * people: without a mail relay, they are written to this log.
 */
async function openTheDoor(store: LeadStore): Promise<void> {
  const { ownerEmails, mail } = serverConfig();
  await fixOwners(store, ownerEmails);
  if (!mail) {
    logEvent('auth.codes_in_log', { reason: 'SMTP_URL is not set: sign-in codes, sign-in links and invitations are written to this log instead of sent' }, 'warn');
  }
}

const OWNERS_RETRY_MS = { first: 1_000, most: 60_000 };

/**
 * A store that is down for a moment must not keep the page and its forms from being served (the forms
 * keep their own answer for that), so the owners are made again in the background until the store
 * answers. A store that answers with a refusal (no migration, a wrong key) is a misconfiguration and
 * stops the start.
 */
async function fixOwners(store: LeadStore, emails: readonly string[], waitMs = OWNERS_RETRY_MS.first): Promise<void> {
  try {
    await store.ensureOwners(emails, new Date());
    logEvent('auth.owners', { fixed: emails.length });
  } catch (error) {
    if (!isStoreError(error) || error.reason === 'rejected') throw error;
    logEvent('auth.owners_deferred', { error: error.message, retryInMs: waitMs }, 'warn');
    setTimeout(() => void fixOwners(store, emails, Math.min(waitMs * 2, OWNERS_RETRY_MS.most)).catch(reportOwners), waitMs).unref();
  }
}

function reportOwners(error: unknown): void {
  logEvent('auth.owners_failed', { error: error instanceof Error ? error.message : String(error) }, 'error');
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
