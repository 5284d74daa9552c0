import { isIP } from 'node:net';

/**
 * The visitor's address, only as a trusted proxy reports it. `next start`
 * passes a client's own X-Forwarded-For through untouched, so without a
 * proxy in front no header can be believed, and the answer is null.
 */
export function clientAddress(headers: Headers, trustedHeader: string | null): string | null {
  if (!trustedHeader) return null;
  const reported = headers.get(trustedHeader);
  if (!reported) return null;
  // A proxy appends the address it saw, so the last entry is the one it vouches for.
  const address = (trustedHeader === 'x-forwarded-for' ? reported.split(',').at(-1) : reported)?.trim() ?? '';
  return isIP(address) ? address : null;
}
