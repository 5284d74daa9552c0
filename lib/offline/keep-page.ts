import { keepForOffline, whenQuiet } from './keep-for-offline.mjs';

let started = false;

/**
 * Once per page, when the browser has nothing to draw after the page has come to life: keeps the page for a visit
 * with no signal (keep-for-offline.mjs), as the page's first script does for a visitor who only reads. Only in a
 * production build, where the build has written /sw.js.
 */
export function keepPageOffline() {
  if (started || process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
  started = true;
  whenQuiet(keepForOffline);
}
