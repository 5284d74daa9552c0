import { PHOTO_CACHE } from './outbox';

let started = false;

/**
 * Once per page, when the browser is idle after the page has come to life: registers the service worker that
 * keeps the page for a visit with no signal (worker/service-worker.ts), and keeps the photograph this screen
 * chose for the hero, which was fetched before any worker could see it. Only in a production build, where
 * the build has written /sw.js.
 */
export function keepPageOffline() {
  if (started || process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
  started = true;
  const whenIdle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1));
  whenIdle(() => {
    navigator.serviceWorker.register('/sw.js', { updateViaCache: 'none' }).catch(() => undefined);
    const photo = document.querySelector<HTMLImageElement>('header img')?.currentSrc;
    // Asked for as an image is (the server chooses AVIF or WebP by what the browser accepts).
    const asImage = { headers: { accept: 'image/avif,image/webp,image/*,*/*;q=0.8' } };
    if (photo && 'caches' in window) caches.open(PHOTO_CACHE).then((cache) => cache.add(new Request(photo, asImage))).catch(() => undefined);
  });
}
