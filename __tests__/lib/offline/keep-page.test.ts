/**
 * @jest-environment jsdom
 */
import { keepPageOffline } from '@/lib/offline/keep-page';
import { PHOTO_CACHE } from '@/lib/offline/outbox';

// The service worker is registered by the page's first script once the page has loaded (scripts/first-paint.mjs,
// its own tests; e2e/offline.spec.ts in Chromium): the page, as it comes to life, keeps only the hero's photograph.
it("keeps the hero's photograph once, as an image is asked for, when the browser is idle after the page has come to life; it registers no worker", async () => {
  jest.useFakeTimers();
  const environment = process.env as Record<string, string | undefined>;
  const mode = environment.NODE_ENV;
  environment.NODE_ENV = 'production';
  const register = jest.fn(async () => undefined);
  // jsdom has no Fetch API: a request is what the page asks the cache to fetch and keep.
  const added: { url: string; init: RequestInit }[] = [];
  const open = jest.fn(async () => ({ add: async (request: (typeof added)[number]) => void added.push(request) }));
  Object.assign(window, { Request: jest.fn((url: string, init: RequestInit) => ({ url, init })) });
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { register } });
  Object.assign(window, { caches: { open } });
  document.body.innerHTML = '<header><img alt="" src="/hero.jpg"></header>';
  Object.defineProperty(document.querySelector('img'), 'currentSrc', { value: 'http://localhost/_next/image?url=%2Fhero.jpg&w=828&q=70' });
  try {
    keepPageOffline();
    keepPageOffline();
    expect(open).not.toHaveBeenCalled();
    await jest.runAllTimersAsync();
    expect(open.mock.calls).toEqual([[PHOTO_CACHE]]);
    expect(added).toEqual([
      { url: 'http://localhost/_next/image?url=%2Fhero.jpg&w=828&q=70', init: { headers: { accept: 'image/avif,image/webp,image/*,*/*;q=0.8' } } },
    ]);
    expect(register).not.toHaveBeenCalled();
  } finally {
    environment.NODE_ENV = mode;
    delete (navigator as { serviceWorker?: unknown }).serviceWorker;
    delete (window as { caches?: unknown }).caches;
    delete (window as { Request?: unknown }).Request;
    jest.useRealTimers();
  }
});
