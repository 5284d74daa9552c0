import { NextResponse, type NextRequest } from 'next/server';
import { ADMIN_REALM, FailedAttempts, signIn } from '@/lib/admin/auth';
import { serverConfig } from '@/lib/config/server';
import { logEvent } from '@/lib/log';
import { continueWithNonce } from '@/lib/nonce';
import { processOnce } from '@/lib/process-state';
import { clientAddress, UNKNOWN_CLIENT } from '@/lib/request';

/**
 * The largest body a lead form can send is about 20 KB (every field at its
 * limit, in four-byte characters). Server Actions are held to this limit in
 * next.config.ts too, but there Next answers an oversized post with a 500;
 * turned away here, before its body is read, it gets an honest 413.
 */
export const SUBMISSION_BODY_LIMIT = 64 * 1024;

const failedSignIns = () => processOnce('failedSignIns', () => new FailedAttempts(10, 15 * 60 * 1000));
const PRIVATE = { 'cache-control': 'no-store', 'x-robots-tag': 'noindex, nofollow' };

export function proxy(request: NextRequest) {
  if (request.nextUrl.pathname.startsWith('/admin')) return guardInbox(request);
  if (request.method === 'POST' && Number(request.headers.get('content-length') ?? 0) > SUBMISSION_BODY_LIMIT) {
    return new NextResponse('Payload Too Large', { status: 413, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
  return continueWithNonce(request);
}

/** HTTP Basic authentication for the inbox, with failed sign-ins limited per client. */
function guardInbox(request: NextRequest) {
  const { inbox, guards } = serverConfig();
  // Without anyone to sign in, the inbox does not exist: the page answers 404.
  if (!inbox) return continueWithNonce(request);

  const client = clientAddress(request.headers, guards.clients);
  const wait = failedSignIns().retryAfter(client);
  if (wait > 0) {
    return new NextResponse('Too many failed sign-ins. Try again later.', {
      status: 429,
      headers: { ...PRIVATE, 'retry-after': String(Math.ceil(wait / 1000)) },
    });
  }
  const authorization = request.headers.get('authorization');
  if (!signIn(authorization, inbox.accounts)) {
    // A browser asks without credentials first; only a wrong answer counts as a failure.
    if (authorization) {
      failedSignIns().fail(client);
      logEvent('admin.sign_in_failed', { identified: client !== UNKNOWN_CLIENT }, 'warn');
    }
    return new NextResponse('Sign-in required.', {
      status: 401,
      headers: { ...PRIVATE, 'www-authenticate': `Basic realm="${ADMIN_REALM}", charset="UTF-8"` },
    });
  }
  const response = continueWithNonce(request);
  for (const [name, value] of Object.entries(PRIVATE)) response.headers.set(name, value);
  return response;
}

// The forms post to the page itself, with a body (hence a Content-Length); the inbox lives under /admin;
// the privacy notice is rendered per request, so it needs a nonce too. Plain page views carry no body and
// skip the proxy altogether: it is the hot path, served as prerendered.
export const config = {
  matcher: [{ source: '/', has: [{ type: 'header', key: 'content-length' }] }, '/admin', '/admin/:path*', '/privacy'],
};
