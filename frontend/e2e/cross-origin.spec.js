// --allow-origin: a server of its own for this file lets one other site (a page on another port of 127.0.0.1, served
// by Node here) call the API from the browser: a plain GET, and a JSON POST and a call with a token, which the browser
// first asks about (a preflight). A page from an origin not listed is refused by the browser itself.
import { createServer } from 'node:http';
import { ADMIN, expect, siteContent, test as base } from './fixtures.js';

/**
 * The other site's one page: it reads the API's address from ?api=, shows how many gallery photos /api/content has,
 * and logs in with the form (a JSON POST), then asks who is logged in with the token it got.
 */
const PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Partner site</title><link rel="icon" href="data:,"></head>
<body>
<main>
<h1>Partner site</h1>
<p>Gallery: <output id="gallery">loading</output></p>
<form id="login">
  <label>Email <input name="email" type="email"></label>
  <label>Password <input name="password" type="password"></label>
  <button>Log in on Jyoti</button>
</form>
<p>Login: <output id="answer"></output></p>
</main>
<script>
  const api = new URLSearchParams(location.search).get('api');
  const show = (id, text) => (document.getElementById(id).textContent = text);
  fetch(api + '/api/content')
    .then(async (response) => show('gallery', response.status + ': ' + (await response.json()).gallery.length + ' photos'))
    .catch((error) => show('gallery', 'refused: ' + error.message));
  document.getElementById('login').addEventListener('submit', async (event) => {
    event.preventDefault();
    const form = new FormData(event.target);
    try {
      const login = await fetch(api + '/api/auth/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: form.get('email'), password: form.get('password') }),
      });
      const { token } = await login.json();
      const user = await fetch(api + '/api/auth/user', { headers: { Authorization: 'Bearer ' + token } });
      show('answer', login.status + ', then ' + user.status + ': ' + (await user.json()).userData.email);
    } catch (error) {
      show('answer', 'refused: ' + error.message);
    }
  });
</script>
</body>
</html>`;

/** The other site on a free port of 127.0.0.1: {origin, close()}. */
function startSite() {
  const server = createServer((request, response) => {
    if (new URL(request.url, 'http://x').pathname !== '/') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(PAGE);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () =>
      resolve({
        origin: `http://127.0.0.1:${server.address().port}`,
        close: () => new Promise((done) => server.close(done)),
      }),
    );
  });
}

const test = base.extend({
  /** The site the server is told to allow; it runs as long as the worker's server. */
  allowedSite: [
    async ({}, use) => {
      const site = await startSite();
      await use(site);
      await site.close();
    },
    { scope: 'worker' },
  ],
  // The worker's server is started with --allow-origin naming that site (as its variable, JYOTI_ALLOW_ORIGIN).
  serverEnv: [async ({ allowedSite }, use) => use({ JYOTI_ALLOW_ORIGIN: allowedSite.origin }), { scope: 'worker' }],
  /** A site on yet another port: an origin the server was not told of. */
  otherSite: async ({}, use) => {
    const site = await startSite();
    await use(site);
    await site.close();
  },
});

/** Opens the site's page, calling the API at `api`, and logs in there as the seeded admin. */
async function openAndLogIn(page, site, api) {
  await page.goto(`${site.origin}/?api=${encodeURIComponent(api)}`);
  await expect(page.getByRole('heading', { name: 'Partner site' })).toBeVisible();
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Log in on Jyoti' }).click();
}

test('a page from the allowed origin reads the content and logs in with a JSON POST', async ({
  page,
  request,
  server,
  allowedSite,
}) => {
  const { gallery } = await siteContent(request);
  await openAndLogIn(page, allowedSite, server.url);
  await expect(page.locator('#gallery')).toHaveText(`200: ${gallery.length} photos`);
  await expect(page.locator('#answer')).toHaveText(`200, then 200: ${ADMIN.email}`, { timeout: 10_000 });

  // What the browser asked first, before it sent the JSON POST: the server allows that origin, and only it.
  const preflight = await request.fetch('/api/auth/login', {
    method: 'OPTIONS',
    headers: {
      Origin: allowedSite.origin,
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'content-type',
    },
  });
  expect(preflight.status()).toBe(200);
  expect(preflight.headers()['access-control-allow-origin']).toBe(allowedSite.origin);
  expect(preflight.headers()['access-control-allow-methods']).toContain('POST');
  expect(preflight.headers()['access-control-allow-headers']).toMatch(/content-type/i);
  expect(preflight.headers()['access-control-allow-credentials']).toBeUndefined();
});

test('a page from an origin not listed is refused by the browser', async ({
  page,
  request,
  server,
  otherSite,
  consoleErrors,
}) => {
  await openAndLogIn(page, otherSite, server.url);
  await expect(page.locator('#gallery')).toHaveText('refused: Failed to fetch');
  await expect(page.locator('#answer')).toHaveText('refused: Failed to fetch');

  // The server names no origin but the allowed one, to a preflight or to a plain GET.
  const preflight = await request.fetch('/api/auth/login', {
    method: 'OPTIONS',
    headers: { Origin: otherSite.origin, 'Access-Control-Request-Method': 'POST' },
  });
  expect(preflight.headers()['access-control-allow-origin']).toBeUndefined();
  const read = await request.get('/api/content', { headers: { Origin: otherSite.origin } });
  expect(read.headers()['access-control-allow-origin']).toBeUndefined();

  // The browser said why in the console: the refusals this test provoked, and nothing else.
  const expected = consoleErrors.filter((line) => line.includes('CORS policy') || line.includes('net::ERR_FAILED'));
  expect(expected.length, consoleErrors.join('\n')).toBeGreaterThan(0);
  expect(expected.filter((line) => line.includes(`from origin '${otherSite.origin}'`)).length).toBeGreaterThan(0);
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((line) => !expected.includes(line)));
});
