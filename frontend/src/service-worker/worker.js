// The service worker (served as /sw.js; build.mjs bundles it on its own, never into the app): the app and the notice
// board with no connection, and a new notice's push shown as a notification that opens the notice's page.
//
// What it keeps, and what it never keeps:
// - The release: the build's public files (RELEASE_FILES: the app's code, styles and words, never the admin area's),
//   those the offline pages need fetched as it installs (KEPT_AT_ONCE), the others as the pages fetch them; and the
//   app's page in both languages; in a cache named for the release. A new release installs beside it, takes over at
//   once and deletes it: an old release's code is never served with a new server's pages.
// - The offline copy: the notice board's last 50 notices and the content document without the payment details (a
//   stale UPI ID must never show), fetched without a token. The page reads them itself when the network fails
//   (src/lib/offline-copy.js), so no API call ever passes through this worker.
// Pages: the network first, always; with no connection, the app's page of the language asked for.

/* global RELEASE, RELEASE_FILES, KEPT_AT_ONCE */
import { COPIED_AT, COPIED_CONTENT, COPIED_NOTICES, COPY_CACHE, PAYMENT_KEYS } from '../lib/offline-names.js';

const APP_CACHE = `jyoti-app-${RELEASE}`;
const NOTICES = 50;
// The copy is fetched again on a page's load at most this often.
const COPY_EVERY_MS = 30_000;
const SHELLS = { en: '/', bn: '/bn' };

const worker = self;
let copiedAt = 0;

worker.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(APP_CACHE)
      // The hashed files never change: those the first page loaded come from the browser's cache.
      .then((cache) =>
        Promise.all([cache.addAll(KEPT_AT_ONCE), ...Object.values(SHELLS).map((path) => keepShell(cache, path))]),
      )
      .then(() => worker.skipWaiting()),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((name) => name.startsWith('jyoti-app-') && name !== APP_CACHE).map((name) => caches.delete(name))),
      )
      // Pages already open stay uncontrolled: their next load is the worker's. Claiming them mid-visit put the
      // worker between a running page and the chunks it was importing, which then waited on its activation.
      // With the server unreachable the copy waits for the next page's load.
      .then(() => copyForOffline().catch(() => {})),
  );
});

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(page(request, url));
    return;
  }
  if (RELEASE_FILES.includes(url.pathname)) event.respondWith(releaseFile(request, url));
});

// A page asks whether this release holds its own code (its entry script): when not, the page is an older release's.
worker.addEventListener('message', (event) => {
  if (event.data?.type === 'holds') event.ports[0]?.postMessage({ holds: RELEASE_FILES.includes(event.data.path), release: RELEASE });
});

/** A request that skips the HTTP cache: the release's files are the server's, not an older copy's. */
function fresh(path) {
  return new Request(path, { cache: 'no-cache', credentials: 'same-origin' });
}

// The content document a page carries for its first screen (the server's previews/head.rs; every `<` in it is
// written \u003c): a kept page is kept without it, so offline the page reads the copy, which has no payment details.
const CONTENT_BLOCK = /<script type="application\/json" id="site-content"[^>]*>[^<]*<\/script>\s*/;

/** The app's page at `path`, kept without the content document it carries. */
async function keepShell(cache, path) {
  const answer = await fetch(fresh(path));
  if (!answer.ok) throw new Error(`${path} answered ${answer.status}`);
  const html = (await answer.text()).replace(CONTENT_BLOCK, '');
  await cache.put(path, new Response(html, { headers: { 'Content-Type': 'text/html; charset=utf-8' } }));
}

/** A page from the network (and a fresh offline copy behind it); with none, the app's page in its language. */
async function page(request, url) {
  try {
    const answer = await fetch(request);
    if (Date.now() - copiedAt > COPY_EVERY_MS) copyForOffline().catch(() => {});
    return answer;
  } catch (error) {
    const lang = url.pathname === '/bn' || url.pathname.startsWith('/bn/') ? 'bn' : 'en';
    const shell = await caches.match(SHELLS[lang], { cacheName: APP_CACHE });
    if (shell) return shell;
    throw error;
  }
}

/** A file of the release: from its cache, else from the network, and kept. */
async function releaseFile(request, url) {
  const cache = await caches.open(APP_CACHE);
  const kept = await cache.match(url.pathname);
  if (kept) return kept;
  const answer = await fetch(request);
  if (answer.ok) await cache.put(url.pathname, answer.clone());
  return answer;
}

/**
 * Fetches the board's last notices and the content document, as a visitor (no token), and keeps them with the time
 * they were fetched; the content without the payment details. Nothing is kept from an answer that is not a 200.
 */
async function copyForOffline() {
  copiedAt = Date.now();
  const get = (path) =>
    fetch(path, { headers: { Accept: 'application/json' }, credentials: 'omit', cache: 'no-cache' }).then((answer) =>
      answer.ok ? answer.json() : Promise.reject(new Error(`${path}: ${answer.status}`)),
    );
  const [notices, content] = await Promise.all([get(`/api/admin/servicelist?page=1&size=${NOTICES}`), get('/api/content')]);
  const cache = await caches.open(COPY_CACHE);
  const at = new Date().toISOString();
  const keep = (key, body) =>
    cache.put(key, new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json', [COPIED_AT]: at } }));
  await Promise.all([keep(COPIED_NOTICES, notices), keep(COPIED_CONTENT, withoutPayments(content))]);
}

/** The content document with no payment detail in it, in any language. */
function withoutPayments(content) {
  const strip = (settings) =>
    Object.fromEntries(Object.entries(settings ?? {}).filter(([key]) => !PAYMENT_KEYS.includes(key)));
  const settings = strip(content.settings);
  if (content.settings?.bn) settings.bn = strip(content.settings.bn);
  return { ...content, settings };
}

worker.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data?.json() ?? {};
  } catch {
    message = { title: event.data?.text() };
  }
  const link = typeof message.url === 'string' ? new URL(message.url, worker.location.origin) : null;
  const url = link && link.origin === worker.location.origin ? link.href : new URL('/notice', worker.location.origin).href;
  event.waitUntil(
    worker.registration.showNotification(message.title || 'Jyoti', {
      body: url.replace(/^https?:\/\//, ''),
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      tag: url,
      data: { url },
    }),
  );
});

worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const { url } = event.notification.data ?? {};
  if (!url) return;
  event.waitUntil(
    worker.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === url);
      return open ? open.focus() : worker.clients.openWindow(url);
    }),
  );
});
