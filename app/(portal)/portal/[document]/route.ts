import { redirect } from 'next/navigation';
import { requireSignedIn } from '@/lib/auth/session';
import { serverConfig } from '@/lib/config/server';
import { logEvent } from '@/lib/log';
import { portalGate } from '@/lib/portal/gate';
import { DocumentsBusy, renderBrochure, renderPriceList } from '@/lib/portal/pdf';
import { processOnce } from '@/lib/process-state';
import { getStore } from '@/lib/store';
import type { DownloadKind } from '@/lib/portal/types';

export const dynamic = 'force-dynamic';

/** The portal's two documents, made when asked for the account asking: each download is recorded. */
const DOCUMENTS: Record<string, DownloadKind> = { 'price-list.pdf': 'price_list', 'brochure.pdf': 'brochure' };

/** The document asked for, for an account allowed it; or the answer that it is not there. */
async function documentFor(params: Promise<{ document: string }>) {
  const { document } = await params;
  const kind = Object.hasOwn(DOCUMENTS, document) ? DOCUMENTS[document]! : null;
  if (!kind) {
    logEvent('request.refused', { status: 404, reason: 'unknown_document' }, 'warn');
    return new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
  }
  const actor = await requireSignedIn();
  const store = getStore();
  // Nothing of the portal before its terms are accepted.
  if (!(await portalGate(store, actor)).open) redirect('/portal');
  return { document, kind, actor, store };
}

function pdfHeaders(document: string) {
  return {
    'content-type': 'application/pdf',
    'content-disposition': `attachment; filename="aldercrest-${document}"`,
    'cache-control': 'no-store',
    'x-robots-tag': 'noindex, nofollow',
  };
}

/**
 * What a download would be, without making it or counting it as one: a link checker or a browser asking ahead
 * is no broker reading the price list. (Next would otherwise answer HEAD with GET, body dropped.)
 */
export async function HEAD(_request: Request, { params }: { params: Promise<{ document: string }> }) {
  const found = await documentFor(params);
  if (found instanceof Response) return new Response(null, { status: found.status, headers: found.headers });
  return new Response(null, { headers: pdfHeaders(found.document) });
}

/**
 * The documents being made, by account and kind. Asked again while one is made (a second click, a second tab),
 * an account is given the same document rather than a second in the queue: one account never holds more than
 * one of each in the making, and a burst of its asks costs the others nothing.
 */
const inMaking = () => processOnce('documentsInMaking', () => new Map<string, { madeAt: Date; pdf: Promise<Buffer> }>());

function notMade(retryAfter: number) {
  return new Response('The document could not be made just now. Please try again in a minute.', {
    status: 503,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'retry-after': String(retryAfter), 'x-robots-tag': 'noindex, nofollow' },
  });
}

export async function GET(_request: Request, { params }: { params: Promise<{ document: string }> }) {
  const found = await documentFor(params);
  if (found instanceof Response) return found;
  const { document, kind, actor, store } = found;
  const started = performance.now();
  const key = `${actor.id} ${kind}`;
  let making = inMaking().get(key);
  const shared = making !== undefined;
  if (!making) {
    const madeAt = new Date();
    const pdf = (async () => {
      if (kind === 'price_list') {
        const estates = await store.listEstates(actor, null);
        return renderPriceList({ estates, broker: { name: actor.name, brokerage: actor.brokerage ?? '' }, madeAt, timeZone: serverConfig().timeZone });
      }
      return renderBrochure({ contact: await store.brokerContact(actor), madeAt });
    })().finally(() => inMaking().delete(key));
    inMaking().set(key, (making = { madeAt, pdf }));
  }
  let pdf: Buffer;
  try {
    pdf = await making.pdf;
  } catch (error) {
    if (error instanceof DocumentsBusy) {
      logEvent('request.refused', { status: 503, reason: 'documents_busy', kind }, 'warn');
      return notMade(30);
    }
    // The documents' thread failed, ran out of memory or took too long (lib/portal/pdf/thread.ts, which starts
    // it afresh for the next try).
    logEvent('portal.document_failed', { kind, shared, reason: error instanceof Error ? error.name : 'unexpected', durationMs: Math.round(performance.now() - started) }, 'error');
    return notMade(60);
  }
  await store.recordDownload(actor, kind, making.madeAt);
  logEvent('portal.document', { kind, shared, bytes: pdf.length, durationMs: Math.round(performance.now() - started) });
  return new Response(new Uint8Array(pdf), { headers: pdfHeaders(document) });
}
