import { NextResponse, type NextRequest } from 'next/server';
import { REQUESTED_PATH_HEADER, SESSION_COOKIE, SESSION_COOKIE_OPTIONS } from '@/lib/auth/cookie';
import { logEvent } from '@/lib/log';
import { continueWithNonce } from '@/lib/nonce';
import { getStore } from '@/lib/store';
import { CANCELLED_URL } from '@/lib/tours/booking';
import { tokenHashOf } from '@/lib/tours/links';

/**
 * The largest body a lead form can send is about 20 KB (every field at its
 * limit, in four-byte characters). Server Actions are held to this limit in
 * next.config.ts too, but there Next answers an oversized post with a 500;
 * turned away here, before its body is read, it gets an honest 413.
 */
export const SUBMISSION_BODY_LIMIT = 64 * 1024;

/**
 * Where people sign in, what they see once signed in, and a buyer's own tour page (its address is its key):
 * nothing of it is kept by any cache, or indexed.
 */
const PRIVATE_PATHS = /^\/(?:admin|account|portal|sign-in|tour)(?:\/|$)/;
const PRIVATE = { 'cache-control': 'no-store', 'x-robots-tag': 'noindex, nofollow' };

/** A buyer's tour page, /tour/<token> (not /tour/cancelled, a page of its own). */
const TOUR_PAGE = /^\/tour\/([^/]+)$/;

/**
 * 404 for a tour page whose link is unknown, expired or cancelled, which its page says in words. The page cannot
 * set its own status: Next's notFound() in a page rendered per request sends the words only in the data its
 * script draws (vercel/next.js#62228), blank without JavaScript, so the page says it and the status is set here.
 * A store that cannot answer leaves the status to the page (which fails the same way, and says so).
 */
async function tourPageStatus(request: NextRequest, pathname: string): Promise<number | undefined> {
  const token = TOUR_PAGE.exec(pathname)?.[1];
  if (!token || pathname === CANCELLED_URL || (request.method !== 'GET' && request.method !== 'HEAD')) return undefined;
  const hash = tokenHashOf(token);
  try {
    return hash && (await getStore().tourLink(hash, new Date())) ? undefined : 404;
  } catch (error) {
    logEvent('tour.link_lookup_failed', { reason: error instanceof Error ? error.name : 'unexpected' }, 'warn');
    return undefined;
  }
}

/**
 * Lets requests through, with a nonce for pages rendered per request. Who may see what is decided by each
 * page and action, and again by the store, never here: a request that reached them some other way (the
 * CVE-2025-29927 kind) is refused all the same.
 */
export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  if (request.method === 'POST' && Number(request.headers.get('content-length') ?? 0) > SUBMISSION_BODY_LIMIT) {
    return new NextResponse('Payload Too Large', { status: 413, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
  if (!PRIVATE_PATHS.test(pathname)) return continueWithNonce(request);

  // So that a page asking someone to sign in can bring them back here afterwards.
  const response = continueWithNonce(request, { [REQUESTED_PATH_HEADER]: `${pathname}${search}`.slice(0, 512) }, await tourPageStatus(request, pathname));
  for (const [name, value] of Object.entries(PRIVATE)) response.headers.set(name, value);
  // A sign-in link's token is in its address, and so is a tour link's: it goes to this site alone, never elsewhere.
  // Not no-referrer: their pages' forms post without JavaScript too (as does any press before the page's scripts have
  // run), and under no-referrer a browser sends such a post with Origin: null, which the front door refuses.
  if (pathname === '/sign-in/link' || pathname.startsWith('/tour/')) response.headers.set('referrer-policy', 'same-origin');
  // The browser keeps the session's cookie for a while after each page seen; the database decides when the
  // session ends. Never on a post, whose action may be the one ending it.
  const session = request.cookies.get(SESSION_COOKIE)?.value;
  if (session && request.method === 'GET') response.cookies.set(SESSION_COOKIE, session, SESSION_COOKIE_OPTIONS);
  return response;
}

// The forms post to the page itself, with a body (hence a Content-Length); the inbox, the sign-in pages, one's
// account and the portal are rendered per request; so is the privacy notice, which needs a nonce too. Plain
// page views of the home page carry no body and skip the proxy altogether: it is the hot path, served as prerendered.
export const config = {
  matcher: [
    { source: '/', has: [{ type: 'header', key: 'content-length' }] },
    '/admin',
    '/admin/:path*',
    '/account',
    '/account/:path*',
    '/portal',
    '/portal/:path*',
    '/sign-in',
    '/sign-in/:path*',
    '/tour/:path*',
    '/privacy',
  ],
};
