// "Visit us" by keyboard at 1366 px and 360 px: on Home, the hero's line (class times, a number to call) and its
// "More about visiting" link, which Enter follows to the block, where Tab goes on to the map, the number and
// "Volunteer with us"; on Contact, the same block above the form, its links reached by Tab. Clean under axe.
import { adminToken, expect, test, visit } from './fixtures.js';
import { patchSettings } from './content-helpers.js';
import { violations } from './axe.js';
import { tabTo } from './keyboard.js';

test.use({ bypassCSP: true });

const VISIT = {
  visitTimes: 'Monday to Saturday, 6 to 8 pm',
  visitAges: 'Children aged 6 to 14',
  visitAddress: 'Jyoti night school, near JGEC main gate, Jalpaiguri',
  visitPhone: '+91 98765 43210',
};
const EMPTY = { visitTimes: '', visitAges: '', visitAddress: '', visitPhone: '' };
const MAP = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(VISIT.visitAddress)}`;

const block = (page) => page.getByRole('region', { name: 'Visit us' });

/** The block's links in the order Tab reaches them: the map, the number, and (on Home) Volunteer with us. */
function blockLinks(page, volunteer) {
  const links = [
    block(page).getByRole('link', { name: 'Open in Maps (opens in a new tab)' }),
    block(page).getByRole('link', { name: VISIT.visitPhone }),
  ];
  return volunteer ? [...links, block(page).getByRole('link', { name: 'Volunteer with us' })] : links;
}

/** Each of `links` has the focus after one more Tab, in turn. */
async function tabsThrough(page, links) {
  for (const link of links) {
    await page.keyboard.press('Tab');
    await expect(link).toBeFocused();
    await expect(link).toBeInViewport();
  }
}

test.describe('Visit us filled in', () => {
  test.beforeAll(async ({ request }) => patchSettings(request, await adminToken(request), VISIT));
  test.afterAll(async ({ request }) => patchSettings(request, await adminToken(request), EMPTY));

  for (const viewport of [
    { width: 1366, height: 800 },
    { width: 360, height: 740 },
  ]) {
    test(`at ${viewport.width} px Home's "More about visiting" is followed by keyboard to the block and its links`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await visit(page, '/');
      const line = page.locator('.hero-visit');
      await expect(line.locator(':scope > span')).toHaveText([
        `Classes: ${VISIT.visitTimes}`,
        `Call ${VISIT.visitPhone}`,
      ]);
      await expect(line.getByRole('link', { name: VISIT.visitPhone })).toHaveAttribute('href', 'tel:+919876543210');

      const more = line.getByRole('link', { name: 'More about visiting' });
      expect(await tabTo(page, more), 'Tab reaches More about visiting').toBe(true);
      await expect(more).toBeInViewport();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/#visit-title$/);
      await expect(block(page).getByRole('heading', { name: 'Visit us' })).toBeInViewport();
      // The next Tab goes on from the block, not from the hero.
      const [map, phone, volunteer] = blockLinks(page, true);
      await tabsThrough(page, [map, phone, volunteer]);
      await expect(map).toHaveAttribute('href', MAP);
      await expect(phone).toHaveAttribute('href', 'tel:+919876543210');
      await expect(block(page)).toContainText(VISIT.visitAges);
      expect(await violations(page)).toEqual([]);
    });

    test(`at ${viewport.width} px Contact shows the block above the form, its links reached by Tab`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await visit(page, '/contact');
      await expect(block(page).locator('dd')).toHaveText([
        VISIT.visitTimes,
        VISIT.visitAges,
        `${VISIT.visitAddress} Open in Maps (opens in a new tab)`,
        VISIT.visitPhone,
      ]);
      const [map, phone] = blockLinks(page, false);
      expect(await tabTo(page, map), 'Tab reaches the map').toBe(true);
      await tabsThrough(page, [phone]);
      await expect(block(page).getByRole('link', { name: 'Volunteer with us' })).toHaveCount(0);
      // Past the block, Tab goes on to the form below it.
      await page.keyboard.press('Tab');
      const form = page.locator('form').first();
      expect(await form.evaluate((element) => element.contains(document.activeElement))).toBe(true);
      expect((await block(page).boundingBox()).y).toBeLessThan((await form.boundingBox()).y);
      expect(await violations(page)).toEqual([]);
    });
  }
});
