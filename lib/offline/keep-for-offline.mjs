// What keeps the home page for a visit with no signal, shared by the module the page's first script imports for a
// visitor who only reads (KEEP_SCRIPT, scripts/first-paint.mjs) and the page's own code, which runs it as the page
// wakes (keep-page.ts).

/** The module that runs keepForOffline for the page's first script, built beside the worker (scripts/build-service-worker.mjs). */
export const KEEP_SCRIPT = '/keep.js';

/** The photographs kept for the page opened offline: the hero's, put there by the page; others as the worker sees them. */
export const PHOTO_CACHE = 'photographs';

/** The hero's photograph is asked for as an image is: the server chooses AVIF or WebP by what the browser accepts. */
export const PHOTO_ACCEPT = 'image/avif,image/webp,image/*,*/*;q=0.8';

/**
 * Registers the service worker that keeps the page (worker/service-worker.ts), then keeps the photograph this screen
 * chose for the hero, which was fetched before any worker could see it. The worker is one file (no importScripts), so
 * the browser's default for its updates (the script itself never from the HTTP cache) is all it needs. Both may run
 * twice in a visit (read, then woken): a second registration of the same worker is the first one, and the photograph
 * is only stored again.
 *
 * @param {string} photoCache
 * @param {string} accept
 */
export function keepForOffline(photoCache, accept) {
  const photo = /** @type {HTMLImageElement | null} */ (document.querySelector('header img'))?.currentSrc;
  navigator.serviceWorker
    ?.register('/sw.js')
    .then(() => (photo ? caches.open(photoCache).then((cache) => cache.add(new Request(photo, { headers: { accept } }))) : undefined))
    .catch(() => undefined);
}
