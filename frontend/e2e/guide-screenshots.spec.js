// The guides' pictures (docs/admin-guide.md, and the README's Home in English and Bengali), taken of the real screens
// on a laptop's 1366 × 768: each screen of the yearly handover opens whole, and with JYOTI_SCREENSHOTS=1 its picture is
// written to docs/screenshots/<name>.png. Taken on a worker's new server (run this file alone), they show the sample
// content.
import { fileURLToPath } from 'node:url';
import { ADMIN_SCREENS, expect, loadPage, test, visit } from './fixtures.js';
import { asAdmin, openAdmin } from './admin-helpers.js';

const FOLDER = new URL('../../docs/screenshots/', import.meta.url);
const TAKE = process.env.JYOTI_SCREENSHOTS === '1';

test.use({ viewport: { width: 1366, height: 768 } });

/** Writes the page's picture (the viewport, one image pixel per CSS pixel) as `name`.png, when asked to. */
async function picture(page, name) {
  if (TAKE) await page.screenshot({ path: fileURLToPath(new URL(`${name}.png`, FOLDER)), scale: 'css', animations: 'disabled' });
}

/** The screens the guide shows: the sidebar's label, the screen's heading, and the file its picture goes to. */
const GUIDE = [
  ['Dashboard', 'Dashboard', 'admin-dashboard'],
  ['Users', 'Users', 'admin-users'],
  ['Team', 'Teams', 'admin-team'],
  ['Notices', 'Notices', 'admin-notices'],
  ['Settings', 'Settings', 'admin-settings'],
  ['Alerts', 'Alerts', 'admin-alerts'],
];

for (const [label, heading, name] of GUIDE) {
  test(`the ${label} screen opens whole for the guide's picture`, async ({ page, request }) => {
    const { path } = ADMIN_SCREENS.find((screen) => screen.label === label);
    await asAdmin(page, request);
    await openAdmin(page, path);
    const sidebar = page.getByRole('navigation', { name: 'Admin' });
    // (Alerts, with unread ones, is named "Alerts, 2 unread".)
    const link = sidebar.getByRole('link', { name: new RegExp(`^${label}(,|$)`) });
    await expect(link).toHaveAttribute('aria-current', 'page');
    // The tab title names the screen once its heading shows and nothing on it is loading any more.
    await expect(page).toHaveTitle(`${heading} · Admin | JYOTI - A RAY OF HOPE`);
    await expect(page.locator('.page-loading')).toHaveCount(0);
    await picture(page, name);
  });
}

test("the home page opens whole for the README's picture", async ({ page }) => {
  await visit(page, '/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await picture(page, 'home');
});

test("the Bengali home page opens whole for the README's picture", async ({ page }) => {
  await loadPage(page, () => page.goto('/bn'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(page.getByRole('navigation', { name: 'প্রধান মেনু' })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await picture(page, 'home-bn');
});
