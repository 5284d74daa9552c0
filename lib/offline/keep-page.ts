import { PHOTO_CACHE } from './outbox';

let started = false;

/**
 * Once per page, when the browser is idle after the page has come to life: keeps the photograph this screen chose
 * for the hero, which was fetched before the service worker could see it. The worker itself is registered by the
 * page's first script once the page has loaded, woken or not (scripts/first-paint.mjs); a page rendered for a form's
 * post was reached from that page. Only in a production build, where the build has written the worker.
 */
export function keepPageOffline() {
  if (started || process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator) || !('caches' in window)) return;
  started = true;
  const whenIdle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1));
  whenIdle(() => {
    const photo = document.querySelector<HTMLImageElement>('header img')?.currentSrc;
    // Asked for as an image is (the server chooses AVIF or WebP by what the browser accepts).
    const asImage = { headers: { accept: 'image/avif,image/webp,image/*,*/*;q=0.8' } };
    if (photo) caches.open(PHOTO_CACHE).then((cache) => cache.add(new Request(photo, asImage))).catch(() => undefined);
  });
}
