// Test fixtures: one jyoti server per test file on a temporary database, the console watch, and API helpers.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect } from '@playwright/test';
import { routePages } from '../src/app/route-pages.js';
import { routeTable } from '../src/app/route-table.js';

export { expect };

export const ADMIN = { email: 'admin@jyoti.test', password: 'admin-pass-123' };

/**
 * The pages a visitor opens without signing in, with the heading each one shows, as the route table names them
 * (the team pages with the sample rosters' titles), and a path the app does not know.
 */
const { pages, rosterPrefix, notFound } = routePages(routeTable);
const needsSession = new Set(['/account', '/logout']);
export const PUBLIC_PAGES = [
  ...pages
    .filter((page) => !page.path.startsWith('/admin') && !page.path.includes(':') && !needsSession.has(page.path))
    .map(({ path, title }) => ({ path, heading: title ?? (path === rosterPrefix ? 'Meet Our Core Team' : null) })),
  { path: `${rosterPrefix}2k24`, heading: 'Team 2k24' },
  { path: `${rosterPrefix}2k25`, heading: 'Team 2k25' },
  { path: '/no/such/page', heading: notFound, status: 404 },
];

/** The admin area's screens, each with its sidebar label, as the route table names them. */
export const ADMIN_SCREENS = pages
  .filter((page) => page.path.startsWith('/admin') && page.nav)
  .map(({ path, nav }) => ({ path, label: nav }));

export function serverBinary() {
  const bin = process.env.JYOTI_BIN;
  if (!bin) throw new Error('Set JYOTI_BIN to the jyoti server binary (cargo test does this).');
  return bin;
}

export function run(bin, args, input) {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, ...SERVER_DEFAULTS } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${bin} ${args.join(' ')} exited with ${code}:\n${output}`)),
    );
    child.stdin.end(input);
  });
}

/**
 * What every file's server (and its create-admin) runs with unless its suite says otherwise. The suites change the
 * payment details many times and read the Support page at once; the payment hold (24 hours by default) would keep
 * each change from donors and make every later test depend on which ran first. The hold's own suite
 * (admin-payment-hold.spec.js) runs with the default. bcrypt at the lowest cost the server accepts: every
 * registration and sign-in hashes a password, and at the default 12 each costs four times as much. Alerts that follow
 * a mailed one within the alert window wait for its end and go together (the API tests check that): with the default
 * minute, a test that turned email on less than a minute after another's alert mail waited for the rest of it.
 */
const SERVER_DEFAULTS = { JYOTI_PAYMENT_HOLD: '0', JYOTI_BCRYPT_COST: '10', JYOTI_ALERT_WINDOW: '1s' };

/** A server on `db` (at `port`, or any free one): answers {url, child} once it listens. */
export function startServer(bin, db, env, port = 0) {
  const child = spawn(bin, ['--bind', '127.0.0.1', '--port', String(port), '--db', db, '--no-rate-limit'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...SERVER_DEFAULTS, ...env },
  });
  return new Promise((resolve, reject) => {
    let log = '';
    let started = false;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`jyoti did not report its address within 30 s:\n${log}`));
    }, 30_000);
    const onOutput = (chunk) => {
      if (started) return; // keep draining the pipes so the server never blocks on a full one
      log += chunk;
      const match = log.match(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
      if (match) {
        started = true;
        clearTimeout(timer);
        resolve({ url: match[1], child });
      }
    };
    child.stdout.on('data', onOutput);
    child.stderr.on('data', onOutput);
    child.on('error', reject);
    child.on('exit', (code) => {
      if (!started) {
        clearTimeout(timer);
        reject(new Error(`jyoti exited with ${code} before listening:\n${log}`));
      }
    });
  });
}

export function stopServer(child) {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.on('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

const refusal = /^Failed to load resource: the server responded with a status of (\d+)/;

/**
 * Console messages that are not failures: the browser's note about a 4xx API answer a test provoked on purpose,
 * or about the 404 status of the page itself when the site shows its "not found" page.
 */
function isExpectedRefusal(message, page) {
  const status = Number(refusal.exec(message.text())?.[1]);
  if (!(status >= 400 && status < 500)) return false;
  const url = message.location().url || '';
  return new URL(url, page.url()).pathname.startsWith('/api/') || (status === 404 && url === page.url());
}

/** A console line with the address it is about, so a failure says which request went wrong. */
export const describeMessage = (message) => `${message.text()} (${message.location().url || 'no url'})`;

/**
 * A worker's servers, one test file's at a time: each on a fresh temporary database with the seeded admin. The next
 * file's first hook or test stops the one before (its file's hooks have all run by then).
 */
class FileServers {
  constructor(bin, env) {
    this.bin = bin;
    this.env = env;
    this.file = null;
    this.running = null;
  }

  async serverFor(file) {
    if (this.file !== file) {
      await this.stop();
      this.running = await this.start();
      this.file = file;
    }
    return { url: this.running.url, db: this.running.db };
  }

  async start() {
    const dir = mkdtempSync(join(tmpdir(), 'jyoti-e2e-'));
    const db = join(dir, 'jyoti.db');
    try {
      await run(this.bin, ['create-admin', '--email', ADMIN.email, '--db', db, '--create'], `${ADMIN.password}\n`);
      const { url, child } = await startServer(this.bin, db, this.env);
      forgetAdminToken();
      return { url, db, dir, child };
    } catch (error) {
      rmSync(dir, { recursive: true, force: true });
      throw error;
    }
  }

  async stop() {
    const running = this.running;
    this.running = null;
    this.file = null;
    if (!running) return;
    forgetAdminToken();
    await stopServer(running.child);
    rmSync(running.dir, { recursive: true, force: true });
  }
}

export const test = base.extend({
  /**
   * The servers of this worker: one per test file, started when the file's first hook or test asks for it, so no
   * file's data or settings reach another. Environment variables of it come from `serverEnv` (a describe block that
   * sets them gets a worker of its own).
   */
  serverEnv: [{}, { scope: 'worker', option: true }],

  fileServers: [
    async ({ serverEnv }, use) => {
      const servers = new FileServers(serverBinary(), serverEnv);
      try {
        await use(servers);
      } finally {
        await servers.stop();
      }
    },
    { scope: 'worker', timeout: 60_000 },
  ],

  /**
   * The test file's server: its `url`, and its database file `db` (for the few tests that must date a record as no call
   * can).
   */
  server: [
    async ({ fileServers }, use, testInfo) => {
      await use(await fileServers.serverFor(testInfo.file));
    },
    { timeout: 60_000 },
  ],

  baseURL: async ({ server }, use) => use(server.url),

  /**
   * The test's API client, on a connection of its own for each call. The server closes a kept-alive connection that
   * has been idle for 10 s; a call sent on it in that same moment meets the close (ECONNRESET), which a browser
   * answers by sending the call again and Node's client does not. A test idle for 10 s between two calls met it.
   */
  request: async ({ playwright, baseURL }, use) => {
    const context = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { connection: 'close' } });
    await use(context);
    await context.dispose();
  },

  /** Every console error and uncaught exception on the page; the test fails if any is left at its end. */
  consoleErrors: [
    async ({ page }, use) => {
      const errors = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && !isExpectedRefusal(message, page)) errors.push(describeMessage(message));
      });
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
      await use(errors);
      expect(errors, 'errors in the browser console').toEqual([]);
    },
    { auto: true },
  ],
});

/** The least time the start-up loader stays up (LOADER_MS in src/app/providers.jsx). */
const LOADER_MS = 1_500;

/** The browser contexts whose pages run on Playwright's clock. */
const onClock = new WeakSet();

/**
 * Loads a page with `navigate` (a goto or a reload) without waiting out the start-up loader's least 1.5 s: the
 * context's pages run on Playwright's clock, at real speed, and once the app has started the loader's timer the
 * clock jumps past it. The page still waits for the content and its code, as the loader does; only the timer's wait
 * (the larger part of every page load here) goes. The loader's own test, and the tests of what moves while a page
 * loads, open their pages with page.goto and real time.
 */
export async function loadPage(page, navigate) {
  const context = page.context();
  if (!onClock.has(context)) {
    onClock.add(context);
    await page.clock.install();
  }
  // The loader's timer counts from the navigation's start (performance.now(), which the clock moves too): a jump
  // before the app has set it leaves it nothing to wait, and a jump after fires it.
  const response = await navigate();
  await page.clock.fastForward(LOADER_MS);
  return response;
}

/**
 * Holds the app's code back until the function this answers is called: the server's loading screen stays, however
 * busy the machine, for a test to read it before the app replaces it. Open the page with `waitUntil: 'commit'`.
 */
export async function holdAppCode(page) {
  let release;
  const held = new Promise((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/main-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Opens a path and waits for the start-up loader to give way to the site. */
export async function visit(page, path) {
  await loadPage(page, () => page.goto(path));
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible({ timeout: 10_000 });
  // The app's first page comes a part a paint, the footer last: the page is whole once it shows.
  await expect(page.getByRole('contentinfo')).toBeVisible();
}

/** The messages of the alerts and confirmations the page shows from now on, each accepted. */
export function recordDialogs(page) {
  const messages = [];
  page.on('dialog', (dialog) => {
    messages.push(dialog.message());
    dialog.accept();
  });
  return messages;
}

export function uniqueEmail(prefix = 'user') {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;
}

/** Signs the seeded admin in: a new session (and an entry in the audit log's sign-ins); answers its token. */
export async function signInAdmin(request) {
  const response = await request.post('/api/auth/login', { data: ADMIN });
  expect(response.status(), 'admin login').toBe(200);
  return (await response.json()).token;
}

/**
 * The seeded admin's token on this file's server, signed in once for all its tests (each sign-in is a bcrypt hash).
 * A test that ends the admin's sessions (Logout, /logout, a new password) calls `forgetAdminToken()` before it does.
 */
let workerAdminToken = null;

export async function adminToken(request) {
  workerAdminToken ??= await signInAdmin(request);
  return workerAdminToken;
}

/** The next `adminToken()` signs in again: the test is about to end every session of the seeded admin. */
export function forgetAdminToken() {
  workerAdminToken = null;
}

export const bearer = (token) => ({ Authorization: `Bearer ${token}` });

export async function createNotice(request, token, notice) {
  const response = await request.post('/api/admin/service', { data: notice, headers: bearer(token) });
  expect(response.status(), 'create notice').toBe(201);
  return response.json();
}

export async function deleteAllNotices(request, token) {
  const list = await request.get('/api/admin/servicelist');
  for (const notice of await list.json()) {
    const response = await request.delete(`/api/admin/servicelist/delete/${notice._id}`, { headers: bearer(token) });
    expect(response.status(), 'delete notice').toBe(200);
  }
}

export async function createCertificate(request, token, certificate) {
  const response = await request.post('/api/admin/post_certificate', { data: certificate, headers: bearer(token) });
  expect(response.status(), 'create certificate').toBe(201);
  return response.json();
}

/** A certificate number no other test in this worker uses. */
export const freshNumber = () => 100_000 + Math.floor(Math.random() * 900_000_000);

/** Issues a certificate to `name` under a fresh number (`fields` adds e.g. its event); answers the number. */
export async function issueCertificate(request, token, name, fields = {}) {
  const certinumber = freshNumber();
  await createCertificate(request, token, { name, certinumber, ...fields });
  return certinumber;
}

export async function siteContent(request) {
  const response = await request.get('/api/content');
  expect(response.status(), 'content').toBe(200);
  return response.json();
}

/** From the next page load on, `window.layoutShifts` lists every layout shift not caused by input, with what moved. */
export async function recordLayoutShifts(page) {
  await page.addInitScript(() => {
    window.layoutShifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.hadRecentInput) continue;
        const moved = entry.sources.map(({ node }) => (node ? `${node.nodeName}${node.id ? `#${node.id}` : ''}` : '?'));
        window.layoutShifts.push({ value: entry.value, moved });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}
