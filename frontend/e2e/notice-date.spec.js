// The Create Notice popup at 1366 px and 360 px, by keyboard: its date field says an empty date means today, and a
// notice sent with the date left empty is dated today. Clean under axe.
import { adminToken, bearer, expect, test } from './fixtures.js';
import { asAdmin, openAdmin, row, toast } from './admin-helpers.js';
import { unique } from './content-helpers.js';
import { violations } from './axe.js';
import { tabTo } from './keyboard.js';

test.use({ bypassCSP: true });

/** Deletes the notices with this title, through the API. */
async function deleteNotices(request, title) {
  const token = await adminToken(request);
  for (const notice of await (await request.get('/api/admin/servicelist')).json()) {
    if (notice.title !== title) continue;
    const response = await request.delete(`/api/admin/servicelist/delete/${notice._id}`, { headers: bearer(token) });
    expect(response.status(), 'delete notice').toBe(200);
  }
}

for (const viewport of [
  { width: 1366, height: 800 },
  { width: 360, height: 740 },
]) {
  test(`at ${viewport.width} px a notice sent by keyboard with an empty date is dated today`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    await asAdmin(page, request);
    const title = unique('Admission open');
    try {
      await openAdmin(page, '/admin/notices');
      const create = page.getByRole('button', { name: 'Create' });
      await create.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Create Notice' });
      await expect(dialog.getByLabel('URL')).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(dialog.getByLabel('Title')).toBeFocused();
      await page.keyboard.type(title);
      await page.keyboard.press('Tab');
      const date = dialog.getByLabel('Date (empty: today)');
      await expect(date).toBeFocused();
      await expect(date).toHaveValue('');
      expect(await violations(page), 'axe on the popup').toEqual([]);

      // Past the date's parts (day, month, year), left empty, the Bengali title and Tell followers to Send.
      const send = dialog.getByRole('button', { name: 'Send' });
      expect(await tabTo(page, send, 6), 'Tab reaches Send').toBe(true);
      await page.keyboard.press('Enter');
      await expect(toast(page, 'Service Created')).toBeVisible();
      await expect(dialog).toBeHidden();

      // The server's today (its dates are UTC days).
      const today = new Date().toISOString().slice(0, 10);
      await expect(row(page, title).getByRole('cell').nth(2)).toHaveText(today);
      expect(await violations(page)).toEqual([]);
    } finally {
      await deleteNotices(request, title);
    }
  });
}
