// The site's service worker (built by scripts/build-service-worker.mjs into the standalone server's public/sw.js).
// It keeps one thing: the home page as this build wrote it, with its scripts, styles, typefaces and the
// photograph the visitor's screen chose, so that the page opens from a phone's history with no signal. And it
// sends the inquiries saved on the phone while there was none (lib/offline/outbox.ts) when the browser says the
// connection is back, even with the page closed. Nothing else passes through it: no post, nothing signed-in.
import { CacheFirst, ExpirationPlugin, NetworkFirst, Serwist, type PrecacheEntry } from 'serwist';
import { PHOTO_ACCEPT, PHOTO_CACHE, photoToKeep } from '@/lib/offline/keep-for-offline.mjs';
import { OUTBOX_CHANGED, OUTBOX_SYNC_TAG, openOutbox, sendSaved } from '@/lib/offline/outbox';

declare const self: ServiceWorkerGlobalScope & { __SW_MANIFEST: PrecacheEntry[] };
/** The build this worker belongs to (.next/BUILD_ID). */
declare const BUILD_ID: string;

/** What Chromium's Background Sync hands the worker; not in TypeScript's library. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

// The page is kept apart from the precache, which would answer it from the cache even online: a page of an
// older build would post to Server Actions the server no longer has. It is asked of the network first, always,
// and taken from here only when there is none; it was put here at install, from the same build as the scripts
// precached beside it, so the page and its scripts never disagree.
const PAGE_CACHE = `page-${BUILD_ID}`;

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  // A new build's worker takes over at once: the page it answers offline is its own build's.
  skipWaiting: true,
  clientsClaim: true,
  runtimeCaching: [
    {
      matcher: ({ request, url, sameOrigin }) => sameOrigin && request.mode === 'navigate' && url.pathname === '/',
      handler: new NetworkFirst({
        cacheName: PAGE_CACHE,
        matchOptions: { ignoreSearch: true, ignoreVary: true },
        plugins: [{ cacheWillUpdate: async () => null }],
      }),
    },
    {
      matcher: ({ url, sameOrigin }) => sameOrigin && url.pathname === '/_next/image',
      // Each address is one photograph at one width; the format chosen by Accept (Vary) does not matter here.
      handler: new CacheFirst({ cacheName: PHOTO_CACHE, matchOptions: { ignoreVary: true }, plugins: [new ExpirationPlugin({ maxEntries: 8 })] }),
    },
  ],
});

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(PAGE_CACHE).then((cache) => cache.add(new Request('/', { cache: 'reload' }))));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys().then((names) => Promise.all(names.filter((name) => name.startsWith('page-') && name !== PAGE_CACHE).map((name) => caches.delete(name)))),
  );
});

// The hero's photograph a page asks to keep (lib/offline/keep-for-offline.mjs), fetched and stored here, off the page's
// main thread, asked for as an image is.
self.addEventListener('message', (event) => {
  const source = event.source && 'url' in event.source ? new URL(event.source.url).origin : '';
  const photo = photoToKeep(event.data, source, self.location.origin);
  if (photo) event.waitUntil(caches.open(PHOTO_CACHE).then((cache) => cache.add(new Request(photo, { headers: { accept: PHOTO_ACCEPT } }))));
});

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== OUTBOX_SYNC_TAG) return;
  sync.waitUntil(
    openOutbox()
      .flush((submission) => sendSaved(submission))
      .then(async (results) => {
        if (results.length > 0) {
          for (const client of await self.clients.matchAll({ type: 'window' })) client.postMessage({ type: OUTBOX_CHANGED });
        }
        // Still no way through: the browser tries again later.
        if (results.some(({ result }) => result.kind === 'unreachable')) throw new Error('The site is still out of reach');
      }),
  );
});

serwist.addEventListeners();
