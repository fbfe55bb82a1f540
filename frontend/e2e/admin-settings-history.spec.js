// The site settings keep their history: a Welcome heading saved over (and its Bengali) shows in History at the foot
// of Settings with the form's own names, and Restore this version brings the earlier words back into the form and
// onto the site — at 1366 px and 360 px, by keyboard, clean under axe. The test puts back what it changes.
import { expect, siteContent, test } from './fixtures.js';
import { acceptConfirm, asAdmin, openAdmin, registerEditor, toast } from './admin-helpers.js';
import { patchSettings, unique } from './content-helpers.js';
import { violations } from './axe.js';

test.use({ bypassCSP: true });

for (const width of [1366, 360]) {
  test(`at ${width} px an overwritten Welcome heading comes back from the settings' History`, async ({
    page,
    request,
  }) => {
    const token = await asAdmin(page, request);
    await page.setViewportSize({ width, height: 900 });
    const { settings } = await siteContent(request);
    const original = settings.heroTitle;
    const first = unique('Light for every child');
    const second = unique('Oops');
    try {
      // The second change by an editor whose long address has no place to break: it wraps at a phone's width.
      const editor = await registerEditor(request, {
        // Short between its dots, as the tables break an address there; one long line where nothing breaks it.
        email: `a.volunteer.with.a.long.address.${Date.now().toString(36)}.${Math.floor(Math.random() * 1e4)}@jalpaiguri.example.org`,
      });
      await patchSettings(request, token, { heroTitle: first });
      await patchSettings(request, editor.token, { heroTitle: second });
      await openAdmin(page, '/admin/settings');
      const heading = page.getByLabel('Welcome heading', { exact: true });
      await expect(heading).toHaveValue(second);
      const history = page.getByRole('region', { name: 'History of the settings' });
      const summary = history.locator('summary');
      await summary.focus();
      await page.keyboard.press('Enter');
      // A version is an item of the list of versions; its changes are a list of its own.
      const version = history
        .locator('ol.history-versions > li')
        .filter({ has: page.getByText(`Welcome heading: ${first} → ${second}`, { exact: true }) });
      await expect(version).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await violations(page)).toEqual([]);
      const restore = version.getByRole('button', { name: /^Restore this version/ });
      await restore.focus();
      acceptConfirm(page);
      await page.keyboard.press('Enter');
      await expect(toast(page, /restored|Updated/i)).toBeVisible();
      await expect(heading).toHaveValue(first);
      expect((await siteContent(request)).settings.heroTitle).toBe(first);
    } finally {
      await patchSettings(request, token, { heroTitle: original });
    }
  });
}
