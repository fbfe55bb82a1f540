// The small-screen menu at 360 px.
import { expect, test, visit } from './fixtures.js';

test.use({ viewport: { width: 360, height: 740 } });

test('the menu toggles open and shut and carries Verify', async ({ page }) => {
  await visit(page, '/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const toggle = nav.getByRole('button', { name: 'Menu' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', { name: 'Gallery' })).toBeHidden();

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link')).toHaveText(['Home', 'Gallery', 'Team', 'Notice', 'Support', 'Contact', 'Verify']);

  await toggle.click();
  await expect(nav.getByRole('link', { name: 'Gallery' })).toBeHidden();
});

test('choosing a link closes the menu, opens the page and scrolls to the top', async ({ page }) => {
  await visit(page, '/');
  await page.mouse.wheel(0, 900);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Menu' }).click();
  await nav.getByRole('link', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: 'Verify authenticity of certificate' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', { name: 'Verify' })).toBeHidden();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  // The focus goes to the new page's heading, not back to the start of the page.
  await expect(page.getByRole('heading', { level: 1, name: 'Verify authenticity of certificate' })).toBeFocused();
});

test('Escape closes the open menu', async ({ page }) => {
  await visit(page, '/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Menu' }).click();
  await page.keyboard.press('Escape');
  await expect(nav.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
});
