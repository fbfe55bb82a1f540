// Start a new year on the Team screen, by keyboard at 1366 px and 360 px: an address another team's page has is
// refused in the popup in words about the "page address" (not a "slug"), no team is made, and axe passes.
import { expect, siteContent, test } from './fixtures.js';
import { asAdmin, openAdmin, toast } from './admin-helpers.js';
import { violations } from './axe.js';

test.use({ bypassCSP: true });

for (const viewport of [
  { width: 1366, height: 800 },
  { width: 360, height: 740 },
]) {
  test(`at ${viewport.width} px a page address another team has is refused in words about the page address`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    await asAdmin(page, request);
    const before = await siteContent(request);
    // The seeded team at /team2k25.
    expect(before.teams['2k25'], 'a team at /team2k25').toBeTruthy();
    await openAdmin(page, '/admin/team');

    const opener = page.getByRole('button', { name: 'Start a new year' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Start a new year' });
    await expect(dialog.getByLabel('Copy the members of')).toBeFocused();
    await page.keyboard.press('Tab');
    const address = dialog.getByLabel(/Page address/);
    await expect(address).toBeFocused();
    // The field selects its suggestion on focus: typing replaces it.
    await page.keyboard.type('2k25');
    await expect(address).toHaveValue('2k25');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Team 2k25 again');
    await page.keyboard.press('Enter');

    const taken = 'A team page with this address already exists: choose another';
    await expect(dialog.getByRole('alert')).toHaveText(taken);
    await expect(toast(page, taken)).toBeVisible();
    await expect(dialog).toBeVisible();
    await expect(dialog).not.toContainText(/slug/i);
    await expect(toast(page, 'Team Created')).toHaveCount(0);
    expect(Object.keys((await siteContent(request)).teams).sort()).toEqual(Object.keys(before.teams).sort());
    expect(await violations(page)).toEqual([]);
  });
}
