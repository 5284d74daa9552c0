// What the hero photograph costs a phone: the bytes of the file the browser picks at 390 CSS px, 3x density.
import { chromium } from '@playwright/test';
import { CHROME_FLAGS } from './lighthouse.mjs';

export async function heroImageAtPhoneWidth(url, chromePath) {
  const browser = await chromium.launch({ executablePath: chromePath, args: CHROME_FLAGS.filter((flag) => flag !== '--headless=new') });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const transferred = new Map();
    page.on('requestfinished', async (request) => {
      const [sizes, response] = await Promise.all([request.sizes().catch(() => undefined), request.response()]);
      if (!sizes) return;
      // The page asks for the photograph a second time once idle, to keep it for a visit with no signal
      // (lib/offline/keep-page.ts), and the HTTP cache answers that with headers alone: the image's own load is the larger.
      const bytes = sizes.responseBodySize + sizes.responseHeadersSize;
      if (bytes > (transferred.get(request.url())?.bytes ?? -1)) transferred.set(request.url(), { bytes, type: response?.headers()['content-type'] });
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const source = await page.locator('header img').first().evaluate((image) => image.currentSrc);
    const { bytes = NaN, type = 'unknown' } = transferred.get(source) ?? {};
    // next/image names the width it resized to in the URL.
    const width = Number(new URL(source).searchParams.get('w')) || NaN;
    return { source, width, type, bytes };
  } finally {
    await browser.close();
  }
}
