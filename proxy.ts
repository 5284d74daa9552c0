import { NextResponse, type NextRequest } from 'next/server';

/**
 * The largest body a lead form can send is about 20 KB (every field at its
 * limit, in four-byte characters). Server Actions are held to this limit in
 * next.config.ts too, but there Next answers an oversized post with a 500;
 * turned away here, before its body is read, it gets an honest 413.
 */
export const SUBMISSION_BODY_LIMIT = 64 * 1024;

export function proxy(request: NextRequest) {
  if (request.method === 'POST' && Number(request.headers.get('content-length') ?? 0) > SUBMISSION_BODY_LIMIT) {
    return new NextResponse('Payload Too Large', { status: 413, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
  return NextResponse.next();
}

// The forms post to the page itself; nothing else takes a body.
export const config = { matcher: '/' };
