// The admin area's door and frame: who gets in, the sidebar, the separate chunk, and phones.
import { adminToken, expect, forgetAdminToken, recordDialogs, test, visit } from './fixtures.js';
import { asAdmin, openAdmin, registerUser, useToken } from './admin-helpers.js';
import { routeTable } from '../src/app/route-table.js';

const ADMIN_CHUNK = /\/assets\/admin-screens-[^/]+\.js$/;

/** The pages whose code the app fetches in the background once it runs (a `load` of the route table): their files' names. */
const backgroundPages = (routes) =>
  routes.flatMap(({ load, children = [] }) => [
    ...(load ? [/([\w-]+)\.jsx'\)/.exec(String(load))[1]] : []),
    ...backgroundPages(children),
  ]);

test('a visitor who is not logged in is sent from /admin to the home page', async ({ page }) => {
  const dialogs = recordDialogs(page);
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });
  await expect(page.getByRole('heading', { name: 'Welcome To Admin Page' })).toHaveCount(0);
  expect(dialogs).toEqual([]);
});

test('a logged-in user who is not an admin is told to ask an admin and sent home', async ({ page, request }) => {
  const member = await registerUser(request);
  await useToken(page, member.token);
  const alerted = page.waitForEvent('dialog', { timeout: 10_000 });
  await page.goto('/admin/contacts');
  const dialog = await alerted;
  expect(dialog.type()).toBe('alert');
  expect(dialog.message()).toBe('Ask admin to get access');
  await dialog.accept();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Welcome To Admin Page' })).toHaveCount(0);
});

test('while the current user loads, the admin area shows a placeholder', async ({ page, request }) => {
  await asAdmin(page, request);
  let release;
  const held = new Promise((resolve) => (release = resolve));
  await page.route('**/api/auth/user', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/admin/users');
  await expect(page.getByText('Loading…')).toBeVisible({ timeout: 10_000 });
  await expect(page.getByRole('heading', { name: 'Welcome To Admin Page' })).toHaveCount(0);
  release();
  await expect(page.getByRole('heading', { name: 'Welcome To Admin Page' })).toBeVisible();
});

test('every admin call the screens make carries the bearer token', async ({ page, request }) => {
  const token = await asAdmin(page, request);
  const calls = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname.startsWith('/api/admin/')) calls.push([req.url(), req.headers().authorization]);
  });
  for (const path of ['/admin/users', '/admin/contacts', '/admin/notices', '/admin/certificates']) {
    await openAdmin(page, path);
    await expect(page.getByRole('table')).toBeVisible();
  }
  expect(calls.length).toBeGreaterThanOrEqual(4);
  for (const [url, authorization] of calls) expect(authorization, url).toBe(`Bearer ${token}`);
});

test('an admin sees the admin page with its sidebar, the current screen marked', async ({ page, request }) => {
  await asAdmin(page, request);
  await openAdmin(page, '/admin/users');
  const sidebar = page.getByRole('navigation', { name: 'Admin' });
  for (const name of ['Dashboard', 'Users', 'Contacts', 'Notices', 'Certificates', 'Logout']) {
    await expect(sidebar.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(sidebar.getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
  await expect(sidebar.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current', 'page');

  await sidebar.getByRole('link', { name: 'Certificates' }).click();
  await expect(page).toHaveURL(/\/admin\/certificates$/);
  await expect(sidebar.getByRole('link', { name: 'Certificates' })).toHaveAttribute('aria-current', 'page');
  await expect(sidebar.getByRole('link', { name: 'Users' })).not.toHaveAttribute('aria-current', 'page');
});

test('the admin sidebar logs out to the login page', async ({ page, request }) => {
  const token = await adminToken(request);
  // Logging out ends every session of the admin: the later tests sign in again.
  forgetAdminToken();
  await visit(page, '/');
  await page.evaluate((value) => localStorage.setItem('token', value), token);
  await openAdmin(page, '/admin/notices');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('a visitor never downloads the admin code; an admin does', async ({ page, request }) => {
  const scripts = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
  });
  await visit(page, '/');
  const fetched = (name) => scripts.some((path) => path.startsWith(`/assets/${name}-`));
  // A visitor who only reads the page downloads no other page's code…
  await page.waitForTimeout(1_500);
  expect(backgroundPages(routeTable).filter(fetched)).toEqual([]);
  // …and once they move, every public page's code comes in the background (each chunk is named after its page), and
  // no admin code.
  await page.mouse.move(20, 20);
  await expect.poll(() => backgroundPages(routeTable).filter((name) => !fetched(name))).toEqual([]);
  expect(scripts.filter((path) => ADMIN_CHUNK.test(path))).toEqual([]);

  await asAdmin(page, request);
  await openAdmin(page, '/admin/users');
  expect(scripts.filter((path) => ADMIN_CHUNK.test(path))).toHaveLength(1);
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('every admin table fits the phone: rows are cards, nothing scrolls sideways', async ({ page, request }) => {
    await asAdmin(page, request);
    for (const [path, title] of [
      ['/admin/users', 'Users'],
      ['/admin/contacts', 'Contacts'],
      ['/admin/notices', 'Notices'],
      ['/admin/certificates', 'Certificates'],
    ]) {
      await openAdmin(page, path);
      const box = page.getByRole('region', { name: title });
      await expect(box.getByRole('table')).toBeVisible();
      const pageOverflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(pageOverflow, `page-wide sideways scroll on ${path}`).toBeLessThanOrEqual(0);
    }

    await openAdmin(page, '/admin/users');
    const box = page.getByRole('region', { name: 'Users' });
    await expect(box.getByRole('table')).toBeVisible();
    const { scrollWidth, clientWidth } = await box.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
    expect(scrollWidth, 'the users table fits its box without sideways scrolling').toBeLessThanOrEqual(clientWidth);
  });
});
