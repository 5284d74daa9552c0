import { redirect } from 'next/navigation';
import { requireSignedIn } from '@/lib/auth/session';
import { serverConfig } from '@/lib/config/server';
import { logEvent } from '@/lib/log';
import { renderBrochure, renderPriceList } from '@/lib/portal/pdf';
import { getStore } from '@/lib/store';
import type { DownloadKind } from '@/lib/store/types';

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
  const terms = await store.currentTerms(actor);
  if (terms && !terms.accepted) redirect('/portal');
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

export async function GET(_request: Request, { params }: { params: Promise<{ document: string }> }) {
  const found = await documentFor(params);
  if (found instanceof Response) return found;
  const { document, kind, actor, store } = found;
  const madeAt = new Date();
  const started = performance.now();
  let make: () => Promise<Buffer>;
  if (kind === 'price_list') {
    const estates = await store.listEstates(actor, null);
    make = () => renderPriceList({ estates, broker: { name: actor.name, brokerage: actor.brokerage ?? '' }, madeAt, timeZone: serverConfig().timeZone });
  } else {
    const contact = await store.brokerContact(actor);
    make = () => renderBrochure({ contact, madeAt });
  }
  let pdf: Buffer;
  try {
    pdf = await make();
  } catch (error) {
    // The documents' thread failed, ran out of memory or took too long (lib/portal/pdf/thread.ts, which starts
    // it afresh for the next try).
    logEvent('portal.document_failed', { kind, reason: error instanceof Error ? error.name : 'unexpected', durationMs: Math.round(performance.now() - started) }, 'error');
    return new Response('The document could not be made just now. Please try again in a minute.', {
      status: 503,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'retry-after': '60', 'x-robots-tag': 'noindex, nofollow' },
    });
  }
  await store.recordDownload(actor, kind, madeAt);
  logEvent('portal.document', { kind, bytes: pdf.length, durationMs: Math.round(performance.now() - started) });
  return new Response(new Uint8Array(pdf), { headers: pdfHeaders(document) });
}
