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
 * The suite runs against the production build (`npm run build` first). Its
 * servers are started through fixtures rather than one shared `webServer`:
 * each worker keeps a store of its own and a server per configuration on it
 * (e2e/support/servers.ts), and the tests that stop a server, read its
 * embedded database or kill it mid-flight start one of their own. Files are
 * shared out among the workers; the tests of a file run in order.
 */
export default defineConfig({
  testDir: 'e2e',
  // Two, one a core: most of a test is waiting on a browser or a server. A test tagged @alone (a flood) has the
  // machine to itself (e2e/support/turns.ts).
  workers: 2,
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
