'use client';

import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => undefined;

/**
 * The year on the visitor's clock. The page is rendered once, at build (its
 * inline scripts are hashed into the Content-Security-Policy then, and a
 * later render would write different ones), so the browser turns the year
 * over rather than the server; the build's year stands without JavaScript.
 */
export function CurrentYear({ atBuild }: { atBuild: number }) {
  return useSyncExternalStore(subscribeToNothing, () => new Date().getFullYear(), () => atBuild);
}
