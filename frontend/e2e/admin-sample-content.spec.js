// The dashboard lists what still shows the sample content, each linked to the screen that replaces it; the lists do
// not repeat it above their rows.
import { expect, test } from './fixtures.js';
import { asAdmin, openAdmin } from './admin-helpers.js';

test('the dashboard lists the sample content left, with links to replace it', async ({ page, request }) => {
  await asAdmin(page, request);
  await openAdmin(page, '/admin');
  const left = page.getByRole('region', { name: 'Still sample content' });
  await expect(left).toBeVisible();
  await expect(left.getByRole('link', { name: /gallery images are still sample drawings/ })).toHaveAttribute(
    'href',
    '/admin/gallery',
  );
  await expect(left.getByRole('link', { name: /sample members/ }).first()).toHaveAttribute('href', /\/admin\/team\?team=/);
  // Until the site knows its address, an admin is told first, with the Settings screen that sets it.
  await expect(left.getByRole('link').first()).toHaveAttribute('href', '/admin/settings');
  await expect(page.getByRole('heading', { level: 2, name: 'Dashboard' })).toBeVisible();

  await left.getByRole('link', { name: /“Our Works” cards still show sample drawings/ }).click();
  await expect(page).toHaveURL(/\/admin\/cards$/);
  await expect(page.getByRole('region', { name: 'Still sample content' })).toHaveCount(0);
  await expect(page).toHaveTitle(/· Admin \| JYOTI - A RAY OF HOPE$/);
});
