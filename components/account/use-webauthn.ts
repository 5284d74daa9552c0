'use client';

import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/** Whether this browser can use passkeys: false in the server's HTML and before hydration, then the truth. */
export function useWebAuthn(): boolean {
  return useSyncExternalStore(never, browserSupportsWebAuthn, () => false);
}
