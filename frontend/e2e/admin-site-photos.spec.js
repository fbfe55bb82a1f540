// The photos a club replaces that were fixed in code: both header logos (also on the loading screen) and the Home
// banner, chosen from thumbnails on /admin/settings, and put back to the built-in ones.
import { bearer, expect, test, visit } from './fixtures.js';
import { asAdmin, openAdmin, toast } from './admin-helpers.js';
import { patchSettings, uploadNewPhoto } from './content-helpers.js';

const CLUB_LOGO = 'Club logo (left of the site’s title)';
const COLLEGE_EMBLEM = 'College emblem (right of the site’s title)';
const BANNER = 'Banner photo behind the welcome (darkened so the text stays readable)';

// Both tests are the admin's: the pages open logged in, and `token` uploads the photos and puts the settings back.
let token;
test.beforeEach(async ({ page, request }) => {
  token = await asAdmin(page, request);
});

const settingsSaved = (page) =>
  page.waitForRequest((req) => req.url().endsWith('/api/admin/settings') && req.method() === 'PATCH');

test('both header logos take an uploaded photo, the loading screen too, and go back to our drawings', async ({
  page,
  request,
}) => {
  const { alt, photo } = await uploadNewPhoto(request, token, 'Logo');
  const choice = `${alt} (no. ${photo._id})`;
  const clubLogo = page.getByRole('banner').getByRole('img', { name: 'Jyoti logo' });
  const emblem = page.getByRole('banner').getByRole('img', { name: 'JGEC emblem' });
  try {
    await openAdmin(page, '/admin');
    const left = page.getByRole('region', { name: 'Still sample content' });
    await expect(left.getByRole('link', { name: 'The header logos are still our drawings' })).toHaveAttribute(
      'href',
      '/admin/settings',
    );

    await openAdmin(page, '/admin/settings');
    const club = page.getByRole('group', { name: CLUB_LOGO });
    const college = page.getByRole('group', { name: COLLEGE_EMBLEM });
    await expect(club.getByRole('radio', { name: 'Our built-in drawing' })).toBeChecked();
    await club.getByRole('radio', { name: choice }).check();
    await college.getByRole('radio', { name: choice }).check();
    const sent = settingsSaved(page);
    await page.getByRole('button', { name: 'Save Header logos' }).click();
    expect((await sent).postDataJSON()).toEqual({ clubLogo: photo._id, collegeLogo: photo._id });
    await expect(toast(page, 'Updated Successfully')).toBeVisible();
    await expect(clubLogo).toHaveAttribute('src', new RegExp(`^/media/${photo._id}-`));
    await expect(emblem).toHaveAttribute('srcset', new RegExp(`/media/${photo._id}-`));
    await expect(clubLogo).toHaveAttribute('sizes', '72px');

    // The page as served, before any script runs, already shows the new logo on its loading screen.
    const served = await (await request.get('/gallery')).text();
    expect(served).toMatch(new RegExp(`class="loader-logo" src="/media/${photo._id}-[0-9a-f]{16}-\\d+\\.webp"`));
    // The chosen photos are asked for as the page arrives, beside its code.
    expect(served).toMatch(new RegExp(`<link rel="preload" as="image" href="/media/${photo._id}-[^"]+"[^>]* imagesizes="72px"`));
    await visit(page, '/gallery');
    await expect(clubLogo).toHaveAttribute('src', new RegExp(`^/media/${photo._id}-`));
    await openAdmin(page, '/admin');
    await expect(page.getByRole('region', { name: 'Still sample content' }).getByText(/header logos/)).toHaveCount(0);

    await openAdmin(page, '/admin/settings');
    await page.getByRole('group', { name: CLUB_LOGO }).getByRole('radio', { name: 'Our built-in drawing' }).check();
    await page.getByRole('group', { name: COLLEGE_EMBLEM }).getByRole('radio', { name: 'Our built-in drawing' }).check();
    const reset = settingsSaved(page);
    await page.getByRole('button', { name: 'Save Header logos' }).click();
    expect((await reset).postDataJSON()).toEqual({ clubLogo: null, collegeLogo: null });
    await expect(toast(page, 'Updated Successfully')).toBeVisible();
    // Our drawings again, carried in the page and its code (data addresses): no request before the first paint.
    await expect(clubLogo).toHaveAttribute('src', /^data:image\/svg\+xml,/);
    await expect(emblem).toHaveAttribute('src', /^data:image\/svg\+xml,/);
    const again = await (await request.get('/gallery')).text();
    expect(again).toContain('class="loader-logo" src="data:image/svg+xml,');
    expect(again).not.toContain('rel="preload" as="image" href="/media/');
  } finally {
    await patchSettings(request, token, { clubLogo: null, collegeLogo: null });
  }
});

test('the Home banner photo is chosen with the keyboard alone and keeps the welcome readable', async ({
  page,
  request,
}) => {
  const { alt, photo } = await uploadNewPhoto(request, token, 'Banner');
  try {
    await request.patch(`/api/admin/media/${photo._id}`, {
      headers: bearer(token),
      data: { focus: { x: 20, y: 80 } },
    });
    await openAdmin(page, '/admin/settings');
    const banner = page.getByRole('group', { name: BANNER });
    const none = banner.getByRole('radio', { name: 'No photo: the orange banner' });
    await expect(none).toBeChecked();
    // The thumbnails are one radio group: the arrow keys move the choice, from "none" to the newest photo (once the
    // list of photos, fetched after the screen opens, shows it).
    await expect(banner.getByRole('radio', { name: `${alt} (no. ${photo._id})` })).toBeAttached();
    await none.focus();
    await page.keyboard.press('ArrowRight');
    await expect(banner.getByRole('radio', { name: `${alt} (no. ${photo._id})` })).toBeChecked();
    await expect(banner.getByRole('radio', { name: `${alt} (no. ${photo._id})` })).toBeFocused();
    const sent = settingsSaved(page);
    await page.getByRole('button', { name: 'Save Home page' }).focus();
    await page.keyboard.press('Enter');
    expect((await sent).postDataJSON()).toEqual({ heroPhoto: photo._id });
    await expect(toast(page, 'Updated Successfully')).toBeVisible();

    await visit(page, '/');
    const picture = page.locator('.hero img');
    await expect(picture).toHaveAttribute('src', new RegExp(`^/media/${photo._id}-`));
    await expect(picture).toHaveAttribute('fetchpriority', 'high');
    await expect(picture).toHaveAttribute('alt', '');
    expect(await picture.evaluate((img) => getComputedStyle(img).objectPosition)).toBe('20% 80%');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCSS('color', 'rgb(255, 255, 255)');
    // The veil between the photo and the text: dark enough for white text whatever the photo.
    const veil = await page.locator('.hero').evaluate((hero) => getComputedStyle(hero, '::after').backgroundColor);
    expect(veil).toBe('rgba(67, 20, 7, 0.65)');
    await expect(page.getByRole('link', { name: 'Donate' })).toBeVisible();

    await page.setViewportSize({ width: 360, height: 740 });
    await openAdmin(page, '/admin/settings');
    await expect(page.getByRole('group', { name: BANNER }).getByRole('radio').first()).toBeAttached();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByRole('group', { name: BANNER }).getByRole('radio', { name: 'No photo: the orange banner' }).check();
    const reset = settingsSaved(page);
    await page.getByRole('button', { name: 'Save Home page' }).click();
    expect((await reset).postDataJSON()).toEqual({ heroPhoto: null });
    await expect(toast(page, 'Updated Successfully')).toBeVisible();
    await visit(page, '/');
    await expect(page.locator('.hero img')).toHaveCount(0);
  } finally {
    await patchSettings(request, token, { heroPhoto: null });
  }
});
