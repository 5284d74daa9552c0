import { redirect } from 'next/navigation';
import { requireSignedIn } from '@/lib/auth/session';
import { serverConfig } from '@/lib/config/server';
import { logEvent } from '@/lib/log';
import { portalGate } from '@/lib/portal/gate';
import { DocumentsBusy, renderBrochure, renderPriceList } from '@/lib/portal/pdf';
import { processOnce } from '@/lib/process-state';
import { getStore } from '@/lib/store';
import type { BoardLot } from '@/lib/holds/types';
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
 * The documents being made, by account, kind and what they show. Asked again while one is made (a second click, a
 * second tab), an account is given the same document rather than a second in the queue: one account never holds
 * more than one of each in the making, and a burst of its asks costs the others nothing.
 */
const inMaking = () => processOnce('documentsInMaking', () => new Map<string, { madeAt: Date; pdf: Promise<Buffer> }>());

function notMade(retryAfter: number) {
  return new Response('The document could not be made just now. Please try again in a minute.', {
    status: 503,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'retry-after': String(retryAfter), 'x-robots-tag': 'noindex, nofollow' },
  });
}

/** How long a document made stays given to the same account's repeats that would show the same. */
const REPEATS_SHARE_MS = 5_000;

/** What a price list shows of each lot: a hold placed or ended, a price changed, or a shape linked is another document. */
const showing = (lots: readonly BoardLot[]) => lots.map((lot) => `${lot.id}:${lot.standing}:${lot.changedAt}:${lot.shape ?? ''}`).join(',');

type Found = Exclude<Awaited<ReturnType<typeof documentFor>>, Response>;

/**
 * The document this ask is given: one in the making (or just made) for the same account that shows the same, or a new one.
 * The lots are read first, so that a hold placed while a price list is made reads "On hold" in the next one.
 */
async function documentMaking({ kind, actor, store }: Found) {
  const madeAt = new Date();
  const lots = kind === 'price_list' ? (await store.lotBoard(actor, madeAt)).lots : null;
  const key = lots ? `${actor.id} ${kind} ${showing(lots)}` : `${actor.id} ${kind}`;
  const making = inMaking().get(key);
  if (making) return { making, shared: true };
  const pdf = (async () => {
    if (lots) return renderPriceList({ lots, broker: { name: actor.name, brokerage: actor.brokerage ?? '' }, madeAt, timeZone: serverConfig().timeZone });
    return renderBrochure({ contact: await store.brokerContact(actor), madeAt });
  })();
  // Kept a few seconds once made, so that repeats (a double tap, a second tab) arriving just after share it too.
  pdf.then(
    () => setTimeout(() => inMaking().delete(key), REPEATS_SHARE_MS).unref(),
    () => inMaking().delete(key),
  );
  inMaking().set(key, { madeAt, pdf });
  return { making: { madeAt, pdf }, shared: false };
}

export async function GET(_request: Request, { params }: { params: Promise<{ document: string }> }) {
  const found = await documentFor(params);
  if (found instanceof Response) return found;
  const { document, kind, actor, store } = found;
  const started = performance.now();
  let shared = false;
  let madeAt: Date;
  let pdf: Buffer;
  try {
    const given = await documentMaking(found);
    shared = given.shared;
    madeAt = given.making.madeAt;
    pdf = await given.making.pdf;
  } catch (error) {
    if (error instanceof DocumentsBusy) {
      logEvent('request.refused', { status: 503, reason: 'documents_busy', kind }, 'warn');
      return notMade(30);
    }
    // The lots could not be read, or the documents' thread failed, ran out of memory or took too long
    // (lib/portal/pdf/thread.ts, which starts it afresh for the next try).
    logEvent('portal.document_failed', { kind, shared, reason: error instanceof Error ? error.name : 'unexpected', durationMs: Math.round(performance.now() - started) }, 'error');
    return notMade(60);
  }
  await store.recordDownload(actor, kind, madeAt);
  logEvent('portal.document', { kind, shared, bytes: pdf.length, durationMs: Math.round(performance.now() - started) });
  return new Response(new Uint8Array(pdf), { headers: pdfHeaders(document) });
}
