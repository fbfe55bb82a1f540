// /admin/photos and /admin/gallery: uploading photos (with progress), using them in the gallery, and the
// refusals (a used photo, a file that is not an image, one over 32 MB, a proxy's 413).
import { expect, siteContent, test, visit } from './fixtures.js';
import { asAdmin, deleteRow, expectColumns, openAdmin, openPopup, row, toast } from './admin-helpers.js';
import { addGalleryImage, deletePhoto, deletePicturesMarked, putOrder, unique, uploadPhoto } from './content-helpers.js';
import { pngFile } from './png.js';

const fileField = (page) => page.getByLabel('Choose photos');
const uploadRegion = (page) => page.getByRole('region', { name: 'Upload photos' });
const uploadItem = (page, name) => uploadRegion(page).getByRole('listitem').filter({ hasText: `${name}:` });

test('an uploaded photo, added to the gallery, shows on the gallery page with srcset', async ({ page, request }) => {
  const token = await asAdmin(page, request);
  const alt = unique('Children planting trees');
  const caption = unique('Tree planting day');
  let photoId;
  try {
    await openAdmin(page, '/admin/photos');
    // Hold the upload's answer so the progress bar can be seen while the request is under way.
    let release;
    const held = new Promise((resolve) => (release = resolve));
    await page.route('**/api/admin/media', async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.continue();
    });
    await page.getByLabel(/^Description for these photos/).fill(alt);
    await fileField(page).setInputFiles(pngFile('trees.png', 1200, 900));
    const progress = uploadRegion(page).getByRole('progressbar');
    await expect(progress).toBeVisible();
    await expect(uploadItem(page, 'trees.png')).toContainText('Uploading…');
    release();

    await expect(uploadRegion(page).getByRole('status')).toHaveText('1 of 1 photo uploaded.', { timeout: 15_000 });
    await expect(uploadItem(page, 'trees.png')).toHaveText('trees.png: Uploaded');
    await expect(progress).toHaveCount(0);
    const uploaded = row(page, alt);
    await expect(uploaded.getByRole('cell').nth(2)).toHaveText('Not used');
    const src = await uploaded.getByRole('img').getAttribute('src');
    photoId = /^\/media\/(\d+)-/.exec(src)[1];

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Gallery' }).click();
    const dialog = await openPopup(page, 'Add image', 'Add image');
    await dialog.getByLabel('Caption').fill(caption);
    await dialog.getByRole('radio', { name: `${alt} (no. ${photoId})` }).check();
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(toast(page, 'Image Added')).toBeVisible();
    await expect(row(page, caption).locator('img')).toHaveAttribute('src', new RegExp(`^/media/${photoId}-`));

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Gallery' }).click();
    const card = page.getByRole('main').getByRole('article').filter({ hasText: caption });
    const image = card.locator('img');
    await expect(image).toHaveAttribute('srcset', /\/media\/\d+-[0-9a-f]{16}-480\.webp 480w, .*960\.webp 960w/);
    await expect(image).toHaveAttribute('sizes', /33vw/);
    const served = await request.get(await image.getAttribute('src'));
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('image/webp');
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(7);

    await openAdmin(page, '/admin/photos');
    await expect(row(page, alt).getByRole('cell').nth(2)).toContainText('Gallery');
  } finally {
    await deletePicturesMarked(request, token, caption);
    if (photoId) await deletePhoto(request, token, photoId);
  }
});

test('deleting a photo that is still used shows the server refusal; an unused one goes', async ({ page, request }) => {
  const token = await asAdmin(page, request);
  const usedAlt = unique('Used photo');
  const freeAlt = unique('Spare photo');
  const caption = unique('Uses a photo');
  const used = await uploadPhoto(request, token, usedAlt);
  const free = await uploadPhoto(request, token, freeAlt);
  try {
    await addGalleryImage(request, token, { caption, photoId: used._id });
    await openAdmin(page, '/admin/photos');
    await expectColumns(page, ['Photo', 'Description', 'Used by', 'Edit', 'Delete']);

    await deleteRow(page, usedAlt);
    await expect(toast(page, 'This photo is still used by')).toBeVisible();
    await expect(toast(page, caption)).toBeVisible();
    await expect(row(page, usedAlt)).toHaveCount(1);

    await deleteRow(page, freeAlt);
    await expect(toast(page, 'Photo deleted')).toBeVisible();
    await expect(row(page, freeAlt)).toHaveCount(0);
  } finally {
    await deletePicturesMarked(request, token, caption);
    await deletePhoto(request, token, used._id);
    await deletePhoto(request, token, free._id);
  }
});

test('a file over 32 MB is refused before it is sent', async ({ page, request }) => {
  await asAdmin(page, request);
  await openAdmin(page, '/admin/photos');
  const uploads = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && req.url().endsWith('/api/admin/media')) uploads.push(req.url());
  });
  await fileField(page).setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(32 * 1024 * 1024 + 1) });
  await expect(uploadItem(page, 'huge.png')).toContainText('is larger than 32 MB');
  await expect(uploadRegion(page).getByRole('status')).toHaveText('0 of 1 photo uploaded; 1 refused.');
  expect(uploads).toEqual([]);
});

test('a proxy refusing the size (413 as an HTML page) shows "photo too large", not a status number', async ({ page, request }) => {
  await asAdmin(page, request);
  await openAdmin(page, '/admin/photos');
  // What nginx answers when its client_max_body_size is below the photo's size.
  await page.route('**/api/admin/media', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 413, contentType: 'text/html', body: '<html><body><h1>413 Request Entity Too Large</h1></body></html>' })
      : route.continue(),
  );
  await fileField(page).setInputFiles(pngFile('group.png', 640, 480));
  await expect(uploadItem(page, 'group.png')).toContainText('group.png: photo too large for the web server');
  await expect(uploadRegion(page).getByRole('status')).toHaveText('0 of 1 photo uploaded; 1 refused.');
  await expect(page.getByText('status 413')).toHaveCount(0);
});

test('a file that is not an image shows the server reason beside its name, once', async ({ page, request }) => {
  await asAdmin(page, request);
  await openAdmin(page, '/admin/photos');
  await fileField(page).setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just some text, not a picture') });
  await expect(uploadItem(page, 'notes.png')).toHaveText('notes.png: the file is not a JPEG, PNG or WebP photo');
  await expect(uploadRegion(page).getByRole('status')).toHaveText('0 of 1 photo uploaded; 1 refused.');
  // The list and its status line say it; no toast repeats it.
  await expect(page.locator('.Toastify').getByRole('alert')).toHaveCount(0);
});

test('Up moves a gallery image earlier, on the admin table and on the gallery page', async ({ page, request }) => {
  const token = await asAdmin(page, request);
  const { gallery } = await siteContent(request);
  const original = gallery.map((image) => image._id);
  try {
    await openAdmin(page, '/admin/gallery');
    const captions = () => page.getByRole('table').getByRole('row').locator('td:nth-child(2)');
    await expect(captions()).toHaveText(gallery.map((image) => image.caption));

    await row(page, gallery[2].caption).getByRole('button', { name: /move .* up/ }).click();
    await expect(toast(page, 'Order saved')).toBeVisible();
    const moved = [gallery[0], gallery[2], gallery[1], ...gallery.slice(3)].map((image) => image.caption);
    await expect(captions()).toHaveText(moved);

    await visit(page, '/gallery');
    await expect(page.locator('.gallery-caption')).toHaveText(moved);
  } finally {
    await putOrder(request, token, '/api/admin/gallery/order', original);
  }
});
