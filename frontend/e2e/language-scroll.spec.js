// Switching language keeps the reader where they were: a parent half-way down the Contact page on a phone who switches
// to Bengali from the menu reads on from the same place, not from the top; any other link starts a page at its top.
import { expect, test } from './fixtures.js';

test.use({ viewport: { width: 360, height: 740 } });

test('the phone menu’s language switch keeps the scroll position; a page link starts at the top', async ({ page }) => {
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1, name: 'Keep in Touch' })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 600));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.locator('.main-nav-language').getByRole('link', { name: 'বাংলা' }).click();
  await expect(page).toHaveURL(/\/bn\/contact$/);
  await expect(page.getByRole('heading', { level: 1, name: 'যোগাযোগ করুন' })).toBeAttached();
  // The Bengali words may still be arriving: the page is put back as soon as it is long enough again.
  await expect
    .poll(() => page.evaluate(() => window.scrollY), { message: 'still where the reader was' })
    .toBeGreaterThan(300);

  // A link to another page starts it at its top.
  await page.getByRole('button', { name: 'মেনু' }).click();
  await page.getByRole('navigation', { name: 'প্রধান মেনু' }).getByRole('link', { name: 'নোটিস' }).click();
  await expect(page).toHaveURL(/\/bn\/notice$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  // Back to English for the worker's other suites.
  await page.evaluate(() => localStorage.clear());
});
