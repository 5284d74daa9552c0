import { logEvent } from '@/lib/log';
import { getStore, isStoreError } from '@/lib/store';

export const dynamic = 'force-dynamic';

/** 200 when the lead store answers a query, 503 when it does not: for load balancers and container health checks. */
export async function GET() {
  const store = getStore();
  const started = performance.now();
  try {
    await store.checkHealth();
    return Response.json({ status: 'ok', store: store.name }, { headers: { 'cache-control': 'no-store' } });
  } catch (error) {
    const reason = isStoreError(error) ? error.reason : 'unexpected';
    logEvent('health.failed', { store: store.name, reason, durationMs: Math.round(performance.now() - started) }, 'error');
    return Response.json({ status: 'unavailable', store: store.name }, { status: 503, headers: { 'cache-control': 'no-store' } });
  }
}
