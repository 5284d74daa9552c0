// What keeps the home page for a visit with no signal, shared by the module the page's first script imports for a
// visitor who only reads (KEEP_SCRIPT, scripts/first-paint.mjs) and the page's own code, which runs it as the page
// wakes (keep-page.ts).

/** The module that runs keepForOffline for the page's first script, built beside the worker (scripts/build-service-worker.mjs). */
export const KEEP_SCRIPT = '/keep.js';

/** The photographs kept for the page opened offline: the hero's, put there by the page; others as the worker sees them. */
export const PHOTO_CACHE = 'photographs';

/** The hero's photograph is asked for as an image is: the server chooses AVIF or WebP by what the browser accepts. */
export const PHOTO_ACCEPT = 'image/avif,image/webp,image/*,*/*;q=0.8';

/** The word the page sends its worker with the hero's photograph to keep (worker/service-worker.ts). */
export const KEEP_PHOTO = 'keep-photo';

/**
 * Registers the service worker that keeps the page (worker/service-worker.ts), then asks it to keep the photograph this
 * screen chose for the hero, which was fetched before any worker could see it: the worker fetches and stores it on its
 * own thread, where the page's doing so was half of what keeping the page cost its main thread (BENCHMARKS.md). The
 * worker is one file (no importScripts), so the browser's default for its updates (the script itself never from the
 * HTTP cache) is all it needs. Both may run twice in a visit (read, then woken): a second registration of the same
 * worker is the first one, and the photograph is only stored again.
 */
export function keepForOffline() {
  const photo = /** @type {HTMLImageElement | null} */ (document.querySelector('header img'))?.currentSrc;
  navigator.serviceWorker
    ?.register('/sw.js')
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => photo && registration.active?.postMessage({ type: KEEP_PHOTO, photo }))
    .catch(() => undefined);
}

/**
 * The address of the photograph a message to the worker asks it to keep, or null for anything else: only the
 * worker's own origin's scaled images (`/_next/image`), from a page of that origin.
 *
 * @param {unknown} data the message
 * @param {string} from the origin of the page that sent it
 * @param {string} origin the worker's
 */
export function photoToKeep(data, from, origin) {
  if (from !== origin || typeof data !== 'object' || data === null) return null;
  const { type, photo } = /** @type {{ type?: unknown, photo?: unknown }} */ (data);
  if (type !== KEEP_PHOTO || typeof photo !== 'string' || photo.length > 2048) return null;
  try {
    const address = new URL(photo);
    return address.origin === origin && address.pathname === '/_next/image' ? address.href : null;
  } catch {
    return null;
  }
}

/** An idle period this long has no frame to draw in it (Chromium hands out 50 ms at most when nothing is due). */
const QUIET_MS = 45;

/**
 * Runs `run` in an idle period with nothing for the browser to draw, so that the worker's install (its copies of the
 * page's files, compiled on a thread of the page's own process) does not share a phone's few cores with the page's
 * frames: an idle callback comes between two frames too, while the page is still letting its parts in. After `tries`
 * idle periods without one (a page that animates), in the next; at once where the browser reports no idle periods.
 *
 * @param {() => void} run
 * @param {number} [tries]
 */
export function whenQuiet(run, tries = 20) {
  if (!self.requestIdleCallback) return run();
  requestIdleCallback((deadline) => (deadline.timeRemaining() >= QUIET_MS || tries <= 0 ? run() : whenQuiet(run, tries - 1)));
}
