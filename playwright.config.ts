import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

const chromium = process.env.CHROME_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  throw new Error(
    `The browser tests need Chromium at ${chromium}. Install Debian's build with ` +
      '`sudo apt-get update && sudo apt-get install -y chromium`, or set CHROME_PATH to a Chromium or Chrome binary.',
  );
}

/**
 * The suite runs against the production build (`npm run build` first). Each
 * test file starts its own `next start` through fixtures rather than one
 * shared `webServer`, because the tests need servers on different stores and
 * must stop them (to read the embedded database, to kill one mid-flight).
 */
export default defineConfig({
  testDir: 'e2e',
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  reporter: process.env.CI ? 'list' : [['list'], ['html', { open: 'never' }]],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    trace: 'retain-on-failure',
  },
});
