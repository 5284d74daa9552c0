import { keepForOffline, PHOTO_ACCEPT, PHOTO_CACHE } from './keep-for-offline.mjs';

let started = false;

/**
 * Once per page, when the browser is idle after the page has come to life: keeps the page for a visit with no signal
 * (keep-for-offline.mjs), as the page's first script does for a visitor who only reads. Only in a production build,
 * where the build has written /sw.js.
 */
export function keepPageOffline() {
  if (started || process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
  started = true;
  const whenIdle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1));
  whenIdle(() => keepForOffline(PHOTO_CACHE, PHOTO_ACCEPT));
}
