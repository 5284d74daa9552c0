import { NextResponse, type NextRequest } from 'next/server';
import { policyWithNonce } from './content-security-policy.mjs';

/**
 * Lets a request through to a page rendered for it alone (a form posted
 * before hydration, the inbox), whose inline scripts the prerendered pages'
 * hashes cannot cover: the policy allows a nonce made for this response, and
 * Next, reading the policy among the request's headers, puts it on its scripts.
 */
export function continueWithNonce(request: NextRequest, requestHeaders: Record<string, string> = {}, status?: number): NextResponse {
  const nonce = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
  const policy = policyWithNonce(nonce);
  const headers = new Headers(request.headers);
  headers.set('content-security-policy', policy);
  for (const [name, value] of Object.entries(requestHeaders)) headers.set(name, value);
  // A status given here is the one the page is sent with (Next renders it as usual).
  const response = NextResponse.next({ request: { headers }, ...(status ? { status } : {}) });
  response.headers.set('content-security-policy', policy);
  return response;
}
