// A page or admin screen whose code is still on its way when the visitor moves on never holds back the next one: the
// next shows at once, and stays when the late code arrives.
import { expect, test, visit } from './fixtures.js';
import { asAdmin, openAdmin } from './admin-helpers.js';

/** Holds every request for a file matching `pattern` until `release()`; `asked()` tells whether one came. */
async function holdFiles(page, pattern) {
  let release;
  let asked = false;
  const held = new Promise((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    asked = true;
    await held;
    await route.continue();
  });
  return { release, asked: () => asked };
}

test('an admin screen left while its code still loads does not blank the next screen', async ({ page, request }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await asAdmin(page, request);
  await openAdmin(page, '/admin/settings');
  await expect(page.getByLabel('Welcome heading')).toBeVisible();
  const users = await holdFiles(page, /\/users-page-[^/]*\.js$/);

  const sidebar = page.getByRole('navigation', { name: 'Admin' });
  await sidebar.getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await sidebar.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByLabel('Welcome heading')).toBeVisible();
  expect(users.asked()).toBe(true);

  // The late code arrives: Settings stays, and Users opens when asked.
  users.release();
  await page.getByRole('heading', { name: 'Settings' }).click();
  await expect(page.getByLabel('Welcome heading')).toBeVisible();
  await sidebar.getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('table')).toBeVisible();
});

test('a page left while its code still loads does not blank the next page', async ({ page }) => {
  const gallery = await holdFiles(page, /\/gallery-page-[^/]*\.js$/);
  await visit(page, '/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Gallery' }).click();
  await expect(page).toHaveURL(/\/gallery$/);
  await nav.getByRole('link', { name: 'Contact' }).click();
  const send = page.getByRole('button', { name: 'Send' });
  await expect(send).toBeVisible();
  expect(gallery.asked()).toBe(true);

  gallery.release();
  await nav.getByRole('link', { name: 'Gallery' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await nav.getByRole('link', { name: 'Contact' }).click();
  await expect(send).toBeVisible();
});
