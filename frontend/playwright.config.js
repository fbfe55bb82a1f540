// Browser tests: Debian's Chromium drives the real server binary (JYOTI_BIN), started per worker by e2e/fixtures.js.
import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

const executablePath = process.env.CHROME_PATH || '/usr/bin/chromium';
if (!existsSync(executablePath)) {
  throw new Error(
    `No Chromium at ${executablePath}: install Debian's "chromium" package or set CHROME_PATH. ` +
      'The browser tests never download a browser of their own.',
  );
}

export default defineConfig({
  testDir: './e2e',
  workers: 2,
  retries: 0,
  reporter: 'list',
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath,
      args: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
