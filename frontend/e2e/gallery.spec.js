// Gallery: the 3/2/1-column grid, the wrap-around slideshow, and Show More.
import { expect, siteContent, test, visit } from './fixtures.js';

const columns = (page) =>
  page.locator('.gallery-grid').evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(' ').length);

test('the grid has 3 columns on large, 2 on medium and 1 on small screens', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await visit(page, '/gallery');
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(6);
  expect(await columns(page)).toBe(3);
  await page.setViewportSize({ width: 800, height: 800 });
  expect(await columns(page)).toBe(2);
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await columns(page)).toBe(1);
});

test('the first row of images loads at once, the first one first, and the rest when scrolled to', async ({ page }) => {
  await visit(page, '/gallery');
  const images = page.getByRole('main').getByRole('article').locator('img');
  await expect(images).toHaveCount(6);
  await expect(images.first()).toHaveAttribute('fetchpriority', 'high');
  expect(await images.evaluateAll((nodes) => nodes.map((node) => node.loading))).toEqual([
    'eager',
    'eager',
    'eager',
    'lazy',
    'lazy',
    'lazy',
  ]);
});

test('the slideshow opens at the chosen image and wraps around both ways', async ({ page, request }) => {
  const { gallery } = await siteContent(request);
  const last = gallery.length - 1;
  await visit(page, '/gallery');
  await page.getByRole('button', { name: gallery[last].caption }).click();

  const dialog = page.getByRole('dialog', { name: 'Gallery slideshow' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  await expect(dialog.getByRole('img')).toHaveAccessibleName(gallery[last].caption);
  await expect(dialog.getByRole('button', { name: 'Close slideshow' })).toBeFocused();

  await dialog.getByRole('button', { name: 'Next image' }).click();
  await expect(dialog.getByRole('img')).toHaveAccessibleName(gallery[0].caption);
  await dialog.getByRole('button', { name: 'Previous image' }).click();
  await expect(dialog.getByRole('img')).toHaveAccessibleName(gallery[last].caption);
  await dialog.getByRole('button', { name: 'Previous image' }).click();
  await expect(dialog.getByRole('img')).toHaveAccessibleName(gallery[last - 1].caption);

  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('img')).toHaveAccessibleName(gallery[0].caption);
  await page.keyboard.press('ArrowLeft');
  await expect(dialog.getByRole('img')).toHaveAccessibleName(gallery[last].caption);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: gallery[last].caption })).toBeFocused();
});

test('a click on the image or the backdrop closes the slideshow', async ({ page, request }) => {
  const { gallery } = await siteContent(request);
  await visit(page, '/gallery');
  const dialog = page.getByRole('dialog', { name: 'Gallery slideshow' });

  await page.getByRole('button', { name: gallery[1].caption }).click();
  await dialog.getByRole('img').click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: gallery[2].caption }).click();
  await expect(dialog).toBeVisible();
  await dialog.click({ position: { x: 5, y: 5 } });
  await expect(dialog).toBeHidden();
});

test('on a phone, a swipe goes to the next or previous photo and leaves the slideshow open', async ({ page, request }) => {
  const { gallery } = await siteContent(request);
  await page.setViewportSize({ width: 360, height: 740 });
  await visit(page, '/gallery');
  await page.getByRole('button', { name: gallery[1].caption }).click();
  const dialog = page.getByRole('dialog', { name: 'Gallery slideshow' });
  const image = dialog.getByRole('img');
  await expect(image).toHaveAccessibleName(gallery[1].caption);

  const swipe = async (from, to) => {
    const box = await image.boundingBox();
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * from, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * to, y, { steps: 5 });
    await page.mouse.up();
  };
  await swipe(0.8, 0.2);
  await expect(image).toHaveAccessibleName(gallery[2].caption);
  await swipe(0.2, 0.8);
  await expect(image).toHaveAccessibleName(gallery[1].caption);
  await expect(dialog).toBeVisible();

  // Nothing of the page behind shows through, and the round buttons stand out on any photo.
  expect(await dialog.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(12, 10, 9)');
  const next = dialog.getByRole('button', { name: 'Next image' });
  expect(await next.evaluate((element) => getComputedStyle(element).borderTopColor)).toBe('rgb(255, 255, 255)');
  expect(await next.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgba(0, 0, 0, 0.6)');
});

test('Tab stays inside the open slideshow', async ({ page, request }) => {
  const { gallery } = await siteContent(request);
  await visit(page, '/gallery');
  await page.getByRole('button', { name: gallery[0].caption }).click();
  const dialog = page.getByRole('dialog', { name: 'Gallery slideshow' });
  for (let i = 0; i < 5; i += 1) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
});

test('Show More opens the photo folder in a new tab', async ({ page, request }) => {
  const { settings } = await siteContent(request);
  await visit(page, '/gallery');
  const more = page.getByRole('link', { name: /Show More/ });
  await expect(more).toHaveAttribute('href', settings.galleryMoreUrl);
  await expect(more).toHaveAttribute('target', '_blank');
  await expect(more).toHaveAttribute('rel', /noopener/);
});
