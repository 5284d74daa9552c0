import 'server-only';
import { logEvent } from '@/lib/log';

/**
 * Readies the portal's documents in this process (lib/portal/pdf warmDocuments), loading their module only
 * now: for the portal page to ask after it has answered, so that the download a broker came for does not pay
 * for the first. A failure is logged; the download itself will say what went wrong.
 */
export async function readyDocuments(): Promise<void> {
  const started = performance.now();
  try {
    await (await import('./pdf')).warmDocuments();
    logEvent('portal.documents_ready', { durationMs: Math.round(performance.now() - started) });
  } catch (error) {
    // Busy: documents are being made, so the engine is ready, and the readying is not one more for the queue.
    if (error instanceof Error && error.name === 'DocumentsBusy') logEvent('portal.documents_ready', { skipped: 'busy' });
    else logEvent('portal.documents_ready_failed', { reason: error instanceof Error ? error.name : 'unexpected' }, 'error');
  }
}
