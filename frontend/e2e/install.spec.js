// The installed app: each page links the manifest of its language, with the club's names, icons and theme colour,
// and the language switch changes it, so the app a family installs starts at / or /bn as they chose.
import { expect, test, visit } from './fixtures.js';

async function linkedManifest(page) {
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const response = await page.request.get(href);
  expect(response.headers()['content-type']).toBe('application/manifest+json');
  return { href, manifest: await response.json() };
}

test('the installed app starts in the language chosen with the switch, with the club’s icons', async ({ page }) => {
  await visit(page, '/notice');
  const english = await linkedManifest(page);
  expect(english.href).toBe('/manifest.webmanifest');
  expect(english.manifest).toMatchObject({ name: 'JYOTI - A RAY OF HOPE', short_name: 'Jyoti', start_url: '/', lang: 'en' });
  expect(english.manifest.theme_color).toBe(await page.locator('meta[name="theme-color"]').getAttribute('content'));
  for (const [index, size] of [192, 512].entries()) {
    const icon = english.manifest.icons[index];
    expect(icon.sizes).toBe(`${size}x${size}`);
    const { width, height } = await page.evaluate(async (src) => {
      const picture = await createImageBitmap(await (await fetch(src)).blob());
      return { width: picture.width, height: picture.height };
    }, icon.src);
    expect([width, height]).toEqual([size, size]);
  }

  await page.getByRole('group', { name: 'Language' }).getByRole('link', { name: 'বাংলা' }).click();
  await expect(page).toHaveURL(/\/bn\/notice$/);
  await expect.poll(() => page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/bn/manifest.webmanifest');
  const bengali = await linkedManifest(page);
  expect(bengali.manifest).toMatchObject({ name: 'জ্যোতি — আশার আলো', short_name: 'জ্যোতি', start_url: '/bn', lang: 'bn' });

  // A Bengali page opened by its address links the Bengali manifest from the start.
  await page.goto('/bn');
  expect((await linkedManifest(page)).href).toBe('/bn/manifest.webmanifest');
});
