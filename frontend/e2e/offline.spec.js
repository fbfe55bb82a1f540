// The board offline and the installed app: the service worker keeps the app, the last notices and the content without
// the payment details; with the server gone the board, a notice's page, Home's class times and "Visit us" still show,
// under "Offline — notices as of …", and Support says it needs a connection. A new release's worker takes over once
// the binary is replaced, and the app it keeps offline is then the new one. Each test runs a server of its own, which
// it stops to take the site offline (so the plain Playwright test, not the fixtures' shared server and console watch:
// a page with no server logs its failed requests).
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { ADMIN, run, serverBinary, startServer, stopServer } from './fixtures.js';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');

/** A site of its own: a database with the seeded admin, and a server on it (at `port`, or a free one). */
async function ownSite(dir, env = {}, port = 0) {
  const db = join(dir, 'jyoti.db');
  const bin = serverBinary();
  await run(bin, ['create-admin', '--email', ADMIN.email, '--db', db, '--create'], `${ADMIN.password}\n`).catch(
    (error) => (error.message.includes('already') ? '' : Promise.reject(error)),
  );
  const server = await startServer(bin, db, env, port);
  return { ...server, port: Number(new URL(server.url).port) };
}

async function call(url, path, { method = 'GET', body, token } = {}) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.ok, `${method} ${path}: ${response.status} ${text}`).toBe(true);
  return text ? JSON.parse(text) : null;
}

/** Waits until this page's service worker is active and has kept the offline copy of the board. */
async function offlineCopyKept(page) {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          if (!registration?.active) return false;
          return Boolean(await caches.match('/offline/notices', { cacheName: 'jyoti-offline' }));
        }),
      { timeout: 20_000 },
    )
    .toBe(true);
}

/** The names of the caches of this page's origin. */
const cacheNames = (page) => page.evaluate(() => caches.keys());

let dir;
test.beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'jyoti-offline-'));
});
test.afterEach(() => rmSync(dir, { recursive: true, force: true }));

test('with the server gone, the board, its notices, class times and Visit us show as of when they were kept', async ({ page }) => {
  const uncaught = [];
  page.on('pageerror', (error) => uncaught.push(error.message));
  const site = await ownSite(dir);
  try {
    const { token } = await call(site.url, '/api/auth/login', { method: 'POST', body: ADMIN });
    const titles = ['Classes start at 7 pm from Monday', 'No class on Saturday', 'Health camp on Sunday'];
    const notices = [];
    for (const title of titles) {
      notices.push(await call(site.url, '/api/admin/service', { method: 'POST', body: { title, url: '' }, token }));
    }
    await call(site.url, '/api/admin/settings', {
      method: 'PATCH',
      body: { visitTimes: 'Monday to Saturday, 6 to 8 pm', upiId: 'jyoti.offline@sbi' },
      token,
    });

    await page.goto(`${site.url}/notice`);
    await expect(page.getByText(titles[2])).toBeVisible({ timeout: 10_000 });
    await offlineCopyKept(page);
  } finally {
    await stopServer(site.child);
  }

  // The server is gone: every page comes from what the worker kept.
  await page.reload();
  const asOf = /^Offline — notices as of \d{1,2} [A-Z][a-z]{2}, \d{1,2}:\d\d [ap]m$/;
  await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toHaveText(asOf, { timeout: 10_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'NOTICE BOARD' })).toBeVisible();
  for (const title of ['Classes start at 7 pm from Monday', 'No class on Saturday', 'Health camp on Sunday']) {
    await expect(page.getByText(title)).toBeVisible();
  }

  // A notice's own page, opened from the board and by its address.
  await page.getByRole('link', { name: /Notice 2/ }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'No class on Saturday' })).toBeVisible();
  const address = page.url();
  await page.goto(address);
  await expect(page.getByRole('heading', { level: 1, name: 'No class on Saturday' })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toHaveText(asOf);

  // Home: class times in Visit us.
  await page.goto(new URL('/', address).href);
  await expect(page.getByRole('heading', { name: 'Visit us' })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByText('Monday to Saturday, 6 to 8 pm', { exact: true })).toBeVisible();

  // Support: no payment detail from an old copy, ever.
  await page.goto(new URL('/support', address).href);
  await expect(page.getByText(/^This page needs a connection/)).toBeVisible({ timeout: 10_000 });
  await expect(page.locator('body')).not.toContainText('jyoti.offline@sbi');
  const kept = await page.evaluate(async () => (await caches.match('/offline/content', { cacheName: 'jyoti-offline' })).text());
  expect(kept).not.toContain('jyoti.offline@sbi');
  expect(kept).toContain('Monday to Saturday');
  // Nor in the app's pages it keeps, which the server answered with the content inside.
  const pages = await page.evaluate(async () => Promise.all(['/', '/bn'].map(async (path) => (await caches.match(path)).text())));
  for (const kept of pages) {
    expect(kept).toContain('<div id="root">');
    expect(kept).not.toContain('jyoti.offline@sbi');
  }

  // The Bengali board says so in Bengali.
  await page.goto(new URL('/bn/notice', address).href);
  await expect(page.getByRole('status').filter({ hasText: 'অফলাইন' })).toHaveText(/^অফলাইন — .+ পর্যন্ত নোটিস$/, {
    timeout: 10_000,
  });
  expect(uncaught).toEqual([]);
});

test('the worker keeps no admin screen and no answer made with a token', async ({ page }) => {
  const site = await ownSite(dir);
  try {
    await page.goto(`${site.url}/`);
    await offlineCopyKept(page);
    const kept = await page.evaluate(async () => {
      const urls = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(kept.length).toBeGreaterThan(20);
    expect(kept.filter((path) => /admin-page|users-page|admin-screens|\/api\//.test(path))).toEqual([]);
    expect(kept).toContain('/offline/notices');
  } finally {
    await stopServer(site.child);
  }
});

/** A second release of the app: the build's files with the page marked and the worker renamed. */
function secondRelease() {
  const release = join(dir, 'release-b');
  cpSync(dist, release, { recursive: true });
  for (const suffix of ['.gz', '.br']) {
    rmSync(join(release, `index.html${suffix}`));
    rmSync(join(release, `sw.js${suffix}`));
  }
  const index = readFileSync(join(release, 'index.html'), 'utf8');
  writeFileSync(join(release, 'index.html'), index.replace('<head>', '<head>\n    <meta name="jyoti-release" content="B">'));
  const worker = readFileSync(join(release, 'sw.js'), 'utf8');
  const [, name] = /jyoti-app-([\w-]+)/.exec(worker) ?? [];
  expect(name, 'the worker names its cache by its release').toBeTruthy();
  writeFileSync(join(release, 'sw.js'), worker.replaceAll(name, 'second-release'));
  return { release, first: `jyoti-app-${name}` };
}

test('a browser holding the old worker runs the new release once the binary is replaced, and installs its worker', async ({ page }) => {
  const { release, first } = secondRelease();
  const old = await ownSite(dir);
  try {
    await page.goto(`${old.url}/`);
    await offlineCopyKept(page);
    expect(await cacheNames(page)).toContain(first);
  } finally {
    await stopServer(old.child);
  }

  // The binary replaced: the same site, the same port, a new release of the app. Pages come from the network first,
  // so the next visit runs the new release, never the old worker's copy of the old one; and the new release's worker
  // installs with the new release's files.
  const replaced = await ownSite(dir, { JYOTI_DEV_DIST: release }, old.port);
  try {
    await page.goto(`${old.url}/`);
    await expect(page.locator('meta[name="jyoti-release"]')).toHaveAttribute('content', 'B');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible({ timeout: 10_000 });
    await expect
      .poll(async () => (await cacheNames(page)).includes('jyoti-app-second-release'), { timeout: 20_000 })
      .toBe(true);
    await page.reload();
    await expect(page.locator('meta[name="jyoti-release"]')).toHaveAttribute('content', 'B');
  } finally {
    await stopServer(replaced.child);
  }
});
