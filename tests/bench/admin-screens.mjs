// Each admin screen in Debian's Chromium against a running server: how long until its first
// page of rows shows, and the JavaScript heap it then holds. Prints JSON for scale.py.
// Usage (from frontend/): node ../tests/bench/admin-screens.mjs BASE_URL ADMIN_TOKEN
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(join(root, 'frontend', 'package.json'));
const { chromium } = require('@playwright/test');

const [base, token] = process.argv.slice(2);
const screens = ['/admin/users', '/admin/contacts', '/admin/notices', '/admin/certificates', '/admin/photos', '/admin/audit', '/admin/bin'];

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
// The app opens with the spec's 1.5 s loader, once; a volunteer then moves between the admin
// screens with the sidebar, and that is what is timed: from the click to the new screen's first
// row of data.
const results = [];
const context = await browser.newContext();
await context.addInitScript((value) => localStorage.setItem('token', value), token);
const page = await context.newPage();
await page.goto(`${base}/admin/settings`);
await page.getByRole('heading', { name: 'Welcome To Admin Page' }).waitFor({ timeout: 60_000 });
const cdp = await context.newCDPSession(page);
for (const path of screens) {
  const started = Date.now();
  // The sidebar (the phone menu, also named "Admin", is hidden at this width).
  await page.locator(`nav.admin-nav a[href="${path}"]`).click();
  await page.waitForURL(`**${path}`);
  await page.locator('table tbody tr td').first().waitFor({ timeout: 60_000 });
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
  const ms = Date.now() - started;
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  results.push({ path, ms, heapMB: Math.round((usedSize / 1024 / 1024) * 10) / 10 });
  // Back to a screen without a list, so the next one starts from nothing.
  await page.locator(`nav.admin-nav a[href="/admin/settings"]`).click();
  await page.waitForURL('**/admin/settings');
}
await browser.close();
console.log(JSON.stringify(results));
