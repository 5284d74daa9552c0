import 'server-only';
import { serverConfig } from './config/server';
import { logEvent } from './log';
import { isStoreError, type LeadStore } from './store';
import type { RetentionReport } from './store/types';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Deletes what is older than the retention period (leads and what the portal keeps), and says how much of each. */
export async function applyRetention(store: LeadStore, days: number, now: () => number = Date.now): Promise<RetentionReport | null> {
  try {
    const deleted = await store.applyRetention(days, new Date(now()));
    logEvent('retention.applied', { days, ...deleted });
    return deleted;
  } catch (error) {
    logEvent('retention.failed', { days, reason: isStoreError(error) ? error.reason : 'unexpected', code: isStoreError(error) ? error.code : undefined }, 'error');
    return null;
  }
}

/** With LEAD_RETENTION_DAYS set: once as the server starts, then daily, without keeping the process alive for it. */
export function startRetention(store: LeadStore): void {
  const days = serverConfig().retentionDays;
  if (days === null) return;
  void applyRetention(store, days);
  setInterval(() => void applyRetention(store, days), DAY_MS).unref();
}
