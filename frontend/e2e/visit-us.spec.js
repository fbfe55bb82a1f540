// The "Visit us" block for parents: filled in on the Settings screen by keyboard, shown on Home (and Contact) with a map link,
// a number to call and "Volunteer with us"; hidden while empty; at 360 px and 1366 px, and clean under axe.
import { adminToken, expect, test, visit } from './fixtures.js';
import { asAdmin, openAdmin, toast } from './admin-helpers.js';
import { patchSettings } from './content-helpers.js';
import { violations } from './axe.js';

test.use({ bypassCSP: true });

const EMPTY = { visitTimes: '', visitAges: '', visitAddress: '', visitPhone: '' };

test('an admin fills in Visit us by keyboard and parents find it on Home', async ({ page, request }) => {
  await asAdmin(page, request);
  const token = await adminToken(request);
  await patchSettings(request, token, EMPTY);
  try {
    await visit(page, '/');
    await expect(page.getByRole('heading', { name: 'Visit us' })).toHaveCount(0);

    await openAdmin(page, '/admin/settings');
    await page.getByLabel(/Class days and times/).fill('Monday to Saturday, 6 to 8 pm');
    await page.getByLabel(/^Ages/).fill('Children aged 6 to 14');
    await page.getByLabel(/Where the classes are/).fill('Jyoti night school, near JGEC main gate, Jalpaiguri');
    await page.getByLabel('Phone number for parents').fill('+91 98765 43210');
    await page.getByRole('button', { name: /Save Visit us/ }).focus();
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Updated Successfully')).toBeVisible();

    for (const width of [1366, 360]) {
      await page.setViewportSize({ width, height: 800 });
      await visit(page, '/');
      const block = page.getByRole('region', { name: 'Visit us' });
      await expect(block).toContainText('Monday to Saturday, 6 to 8 pm');
      await expect(block).toContainText('Children aged 6 to 14');
      const map = block.getByRole('link', { name: /Open in Maps/ });
      await expect(map).toHaveAttribute(
        'href',
        `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent('Jyoti night school, near JGEC main gate, Jalpaiguri')}`,
      );
      await expect(block.getByRole('link', { name: '+91 98765 43210' })).toHaveAttribute('href', 'tel:+919876543210');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await violations(page)).toEqual([]);
    }
    // On a phone, when classes are and whom to call are in the first screen of Home.
    await page.setViewportSize({ width: 360, height: 740 });
    await visit(page, '/');
    const line = page.locator('.hero-visit');
    await expect(line).toContainText('Classes: Monday to Saturday, 6 to 8 pm');
    await expect(line.getByRole('link', { name: '+91 98765 43210' })).toHaveAttribute('href', 'tel:+919876543210');
    const box = await line.boundingBox();
    expect(box.y + box.height).toBeLessThanOrEqual(740);
    // A parent on Contact finds the same block above the form.
    for (const width of [360, 1366]) {
      await page.setViewportSize({ width, height: 800 });
      await visit(page, '/contact');
      const block = page.getByRole('region', { name: 'Visit us' });
      await expect(block).toContainText('Monday to Saturday, 6 to 8 pm');
      await expect(block.getByRole('link', { name: 'Volunteer with us' })).toHaveCount(0);
      const blockBox = await block.boundingBox();
      const formBox = await page.locator('form').first().boundingBox();
      expect(blockBox.y).toBeLessThan(formBox.y);
      expect(await violations(page)).toEqual([]);
    }
    await visit(page, '/');
    await page.getByRole('link', { name: 'Volunteer with us' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Keep in Touch' })).toBeVisible();
  } finally {
    await patchSettings(request, token, EMPTY);
  }
});

test('only the details filled in show, and a bad phone number is refused with its reason', async ({ page, request }) => {
  const token = await adminToken(request);
  await patchSettings(request, token, { ...EMPTY, visitAges: 'Children aged 6 to 14' });
  try {
    await visit(page, '/');
    const block = page.getByRole('region', { name: 'Visit us' });
    await expect(block.locator('dt')).toHaveText(['For']);
    await expect(block.getByRole('link', { name: 'Volunteer with us' })).toBeVisible();

    await asAdmin(page, request);
    await openAdmin(page, '/admin/settings');
    await page.getByLabel('Phone number for parents').fill('call me maybe');
    await page.getByRole('button', { name: /Save Visit us/ }).click();
    await expect(page.getByLabel('Phone number for parents')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(/must be a phone number/)).toBeVisible();
  } finally {
    await patchSettings(request, token, EMPTY);
  }
});
