// /admin/photos at 1366 px and 360 px: a large JPEG chosen by keyboard (Tab to "Choose photos", Space) is shrunk in
// the browser to 4096 px on its longest side before it is sent, and the screen stays clean under axe.
import { bearer, expect, test } from './fixtures.js';
import { asAdmin, openAdmin, row } from './admin-helpers.js';
import { deletePhoto, unique } from './content-helpers.js';
import { violations } from './axe.js';
import { cameraJpeg, jpegSize, keepSentFiles, sentFiles } from './photo-files.js';

test.use({ bypassCSP: true });

for (const viewport of [
  { width: 1366, height: 800 },
  { width: 360, height: 740 },
]) {
  test(`at ${viewport.width} px a 6000 px JPEG chosen by keyboard is sent shrunk to 4096 px on its longest side`, async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(viewport);
    // Playwright starts catching file choosers when the first listener is added, in the background: asked for just
    // before the key press, a chooser the press opens could come first and be missed (about 1 in 10 on a busy machine).
    const chooser = page.waitForEvent('filechooser');
    const token = await asAdmin(page, request);
    const alt = unique('Prize day');
    try {
      await keepSentFiles(page);
      await openAdmin(page, '/admin/photos');
      const photo = await cameraJpeg(page, 'prize-day.jpg', 6000, 4500, 0.8);
      expect(jpegSize(photo.buffer)).toMatchObject({ width: 6000, height: 4500 });

      // By keyboard: the description, then Tab to Choose photos, whose Space opens the file chooser.
      const description = page.getByLabel(/^Description for these photos/);
      await description.focus();
      await page.keyboard.type(alt);
      await page.keyboard.press('Tab');
      await expect(page.getByLabel('Choose photos')).toBeFocused();
      await page.keyboard.press('Space');
      // Every state the upload's line shows, as it changes.
      await page.evaluate(() => {
        window.uploadStates = [];
        new MutationObserver(() => {
          for (const item of document.querySelectorAll('.upload-item')) {
            if (window.uploadStates.at(-1) !== item.textContent) window.uploadStates.push(item.textContent);
          }
        }).observe(document.body, { subtree: true, childList: true, characterData: true });
      });
      await (await chooser).setFiles(photo);

      const summary = page.getByRole('region', { name: 'Upload photos' }).getByRole('status');
      await expect(summary).toHaveText('1 of 1 photo uploaded.', { timeout: 45_000 });
      // While it was made smaller the line said so, not "Waiting" (a phone takes seconds for it).
      const states = await page.evaluate(() => window.uploadStates);
      expect(states).toContain('prize-day.jpg: Making it smaller for the web… (step 1 of 2, then the upload)');
      expect(states.indexOf('prize-day.jpg: Waiting'), `${states}`).toBeLessThan(1);
      const [sent] = await sentFiles(page);
      expect(sent.name).toBe('prize-day.jpg');
      expect(sent.size, 'smaller than chosen').toBeLessThan(photo.buffer.length);
      expect(jpegSize(Buffer.from(sent.head, 'base64'))).toMatchObject({ width: 4096, height: 3072 });

      await expect(row(page, alt)).toHaveCount(1);
      const stored = await request.get('/api/admin/media', { params: { q: alt }, headers: bearer(token) });
      const [item] = (await stored.json()).items;
      expect(item.photo.width / item.photo.height).toBeCloseTo(4 / 3, 2);
      expect(await violations(page)).toEqual([]);
    } finally {
      await page.close();
      // After a timeout the request context is closed too: then this cleanup cannot run, and must not hide the failure.
      const stored = await request
        .get('/api/admin/media', { params: { q: alt }, headers: bearer(token) })
        .catch(() => null);
      for (const item of (await stored?.json())?.items ?? []) await deletePhoto(request, token, item._id);
    }
  });
}
