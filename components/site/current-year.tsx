'use client';

import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => undefined;

/**
 * The year on the visitor's clock, between the words around it. The page is
 * rendered once, at build (its inline scripts are hashed into the
 * Content-Security-Policy then, and a later render would write different
 * ones), so the browser turns the year over rather than the server; the
 * build's year stands without JavaScript. The line is one text node: words
 * and a year written apart get a mark between each in the page's HTML.
 */
export function CurrentYear({ atBuild, before, after }: { atBuild: number; before: string; after: string }) {
  const year = useSyncExternalStore(subscribeToNothing, () => new Date().getFullYear(), () => atBuild);
  return `${before} ${year} ${after}`;
}
