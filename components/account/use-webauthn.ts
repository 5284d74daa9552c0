'use client';

import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * Whether this browser can use passkeys: null in the server's HTML and while the page hydrates (not yet known), then
 * the truth.
 */
export function useWebAuthn(): boolean | null {
  return useSyncExternalStore<boolean | null>(never, browserSupportsWebAuthn, () => null);
}
