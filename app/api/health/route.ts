import { after } from 'next/server';
import { deliveryWorker } from '@/lib/delivery';
import { logEvent } from '@/lib/log';
import { getStore, isStoreError } from '@/lib/store';

export const dynamic = 'force-dynamic';

const PRIVATE = { 'cache-control': 'no-store' };

/**
 * 200 when the lead store takes a write, 503 when it does not: for load
 * balancers and container health checks. The body says how long the oldest
 * undelivered notice has waited and how many failed; nothing about anyone.
 * Each request also wakes the delivery worker, so that a platform that
 * freezes idle servers still retries notices when it is polled.
 */
export async function GET() {
  const store = getStore();
  after(() => deliveryWorker().wake());
  const started = performance.now();
  try {
    const { oldestPendingSeconds, failedNotices } = await store.checkHealth();
    return Response.json({ status: 'ok', store: store.name, oldestPendingNoticeSeconds: oldestPendingSeconds, failedNotices }, { headers: PRIVATE });
  } catch (error) {
    const reason = isStoreError(error) ? error.reason : 'unexpected';
    const code = isStoreError(error) ? error.code : undefined;
    logEvent('health.failed', { store: store.name, reason, code, durationMs: Math.round(performance.now() - started) }, 'error');
    return Response.json({ status: 'unavailable', store: store.name }, { status: 503, headers: PRIVATE });
  }
}
