// Full-page screenshots of a running server at phone, tablet and desktop widths.
// Usage: node scripts/screenshots.mjs [baseUrl] [outDir] [width ...]
import { mkdir } from 'node:fs/promises';
import { chromium } from '@playwright/test';

const [baseUrl = 'http://localhost:3000', outDir = 'docs/screenshots', ...widthArgs] = process.argv.slice(2);
const widths = widthArgs.length ? widthArgs.map(Number) : [360, 390, 768, 1024, 1440, 1920];
const executablePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

await mkdir(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  for (const width of widths) {
    const phone = width < 768;
    const context = await browser.newContext({
      viewport: { width, height: phone ? 844 : width < 1200 ? 1024 : 900 },
      deviceScaleFactor: phone ? 2 : 1,
      isMobile: phone,
      hasTouch: phone,
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    await page.goto(baseUrl, { waitUntil: 'networkidle' });
    // Lazy images load only near the viewport: walk down the page once so every image is in.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
        window.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 120));
      }
      window.scrollTo(0, 0);
    });
    await page.waitForLoadState('networkidle');
    // The parts below the hero are drawn only near the screen (content-visibility: auto), and a capture of the whole
    // page draws only what the screen held: they are drawn in full for it.
    await page.evaluate(() => {
      for (const element of document.querySelectorAll('body *')) {
        if (element instanceof HTMLElement && getComputedStyle(element).contentVisibility === 'auto') element.style.contentVisibility = 'visible';
      }
    });
    // JPEG: the page is mostly photographs, and six full-page PNGs weighed 12 MB.
    const file = `${outDir}/home-${width}.jpg`;
    await page.screenshot({ path: file, fullPage: true, type: 'jpeg', quality: 85 });
    console.log(file);
    await context.close();
  }
} finally {
  await browser.close();
}
