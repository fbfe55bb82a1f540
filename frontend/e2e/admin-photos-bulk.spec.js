// /admin/photos: many photos uploaded at once (chosen together or dropped), one after another, each with its own
// outcome and a summary; the Edit popup's focal point (sliders and a click on the photo), and the public pages'
// photos anchored at it; a 50-megapixel camera JPEG taken and a 63-megapixel one refused.
import { bearer, expect, test, visit } from './fixtures.js';
import { asAdmin, openAdmin, row, toast } from './admin-helpers.js';
import { addGalleryImage, deletePhoto, deletePicturesMarked, unique, uploadNewPhoto } from './content-helpers.js';
import { violations } from './axe.js';
import { cameraJpeg, jpegSize, keepSentFiles, sentFiles } from './photo-files.js';
import { pngFile } from './png.js';

const NOT_AN_IMAGE = { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just some text, not a picture') };
const TOO_LARGE = { name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(32 * 1024 * 1024 + 1) };

const uploadList = (page) => page.getByRole('list', { name: 'Uploads' });
const upload = (page, name) => uploadList(page).getByRole('listitem').filter({ hasText: `${name}:` });
const summary = (page) => page.getByRole('region', { name: 'Upload photos' }).getByRole('status');

/** The uploaded photos whose description contains `text`, as the admin list gives them ({_id, alt, photo}). */
async function photosDescribed(request, token, text) {
  const response = await request.get('/api/admin/media', { params: { q: text, size: 50 }, headers: bearer(token) });
  expect(response.status(), 'photo list').toBe(200);
  return (await response.json()).items;
}

async function deletePhotosDescribed(request, token, text) {
  for (const photo of await photosDescribed(request, token, text)) await deletePhoto(request, token, photo._id);
}

/** A test's cleanup: the page closed first, since a thumbnail it still loads would answer 404 once its photo is gone. */
async function closeAndDeletePhotos(page, request, token, text) {
  await page.close();
  await deletePhotosDescribed(request, token, text);
}

/** Counts the uploads the page sends and the most that were under way at once; `hold` keeps the first one waiting. */
async function watchUploads(page, hold) {
  const seen = { sent: 0, atOnce: 0, mostAtOnce: 0 };
  await page.route('**/api/admin/media', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    seen.sent += 1;
    seen.atOnce += 1;
    seen.mostAtOnce = Math.max(seen.mostAtOnce, seen.atOnce);
    if (seen.sent === 1) await hold;
    const response = await route.fetch();
    seen.atOnce -= 1;
    return route.fulfill({ response });
  });
  return seen;
}

test('photos chosen together go one after another, each with its outcome, and a summary', async ({ page, request }) => {
  const token = await asAdmin(page, request);
  const alt = unique('Annual day');
  try {
    await openAdmin(page, '/admin/photos');
    let release;
    const seen = await watchUploads(page, new Promise((resolve) => (release = resolve)));

    await page.getByLabel(/^Description for these photos/).fill(alt);
    await page
      .getByLabel('Choose photos')
      .setInputFiles([pngFile('stage.png', 320, 240), NOT_AN_IMAGE, TOO_LARGE, pngFile('prizes.png', 240, 320)]);

    // The first is under way with its own bar; the others wait their turn.
    await expect(uploadList(page).getByRole('listitem')).toHaveCount(4);
    await expect(upload(page, 'stage.png').getByRole('progressbar', { name: 'Uploading stage.png' })).toBeVisible();
    await expect(upload(page, 'stage.png')).toContainText('Uploading…');
    await expect(upload(page, 'notes.png')).toHaveText('notes.png: Waiting');
    await expect(upload(page, 'prizes.png')).toHaveText('prizes.png: Waiting');
    await expect(summary(page)).toHaveText('Uploading 4 photos…');
    release();

    await expect(summary(page)).toHaveText('2 of 4 photos uploaded; 2 refused.', { timeout: 15_000 });
    await expect(upload(page, 'stage.png')).toHaveText('stage.png: Uploaded');
    await expect(upload(page, 'prizes.png')).toHaveText('prizes.png: Uploaded');
    await expect(upload(page, 'notes.png')).toHaveText('notes.png: the file is not a JPEG, PNG or WebP photo');
    await expect(upload(page, 'huge.png')).toContainText('huge.png: is larger than 32 MB');
    await expect(uploadList(page).getByRole('progressbar')).toHaveCount(0);
    // The file over 32 MB never left the browser, and no two were sent at once.
    expect(seen.sent).toBe(3);
    expect(seen.mostAtOnce).toBe(1);
    // The status line says it all: no toast per file.
    await expect(page.locator('.Toastify').getByRole('alert')).toHaveCount(0);

    // The list reloaded with both photos, each described as chosen.
    await expect(row(page, alt)).toHaveCount(2);
    const stored = await photosDescribed(request, token, alt);
    expect(stored.map((photo) => [photo.alt, photo.photo.width, photo.photo.height]).sort()).toEqual([
      [alt, 240, 320],
      [alt, 320, 240],
    ]);
  } finally {
    await closeAndDeletePhotos(page, request, token, alt);
  }
});

test('photos dropped on the drop zone are uploaded', async ({ page, request }) => {
  const token = await asAdmin(page, request);
  const alt = unique('Dropped photo');
  try {
    await openAdmin(page, '/admin/photos');
    await page.getByLabel(/^Description for these photos/).fill(alt);
    const files = [pngFile('river.png', 200, 150), pngFile('boat.png', 150, 200)].map(({ name, mimeType, buffer }) => ({
      name,
      type: mimeType,
      base64: buffer.toString('base64'),
    }));
    const dataTransfer = await page.evaluateHandle((list) => {
      const transfer = new DataTransfer();
      for (const { name, type, base64 } of list) {
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        transfer.items.add(new File([bytes], name, { type }));
      }
      return transfer;
    }, files);
    // Dropped beside the zone, the photos are neither uploaded nor opened by the browser in place of the screen.
    const missed = await page.getByRole('heading', { name: 'Upload photos' }).evaluate((heading, transfer) => {
      const drop = new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true });
      heading.dispatchEvent(drop);
      return drop.defaultPrevented;
    }, dataTransfer);
    expect(missed).toBe(true);
    await expect(page.getByRole('list', { name: 'Uploads' })).toHaveCount(0);

    const zone = page.locator('.drop-zone');
    await zone.dispatchEvent('dragover', { dataTransfer });
    await expect(zone).toHaveClass(/drop-zone-active/);
    await zone.dispatchEvent('drop', { dataTransfer });
    await expect(zone).not.toHaveClass(/drop-zone-active/);

    await expect(summary(page)).toHaveText('2 of 2 photos uploaded.', { timeout: 15_000 });
    await expect(upload(page, 'river.png')).toHaveText('river.png: Uploaded');
    await expect(upload(page, 'boat.png')).toHaveText('boat.png: Uploaded');
    await expect(row(page, alt)).toHaveCount(2);
  } finally {
    await closeAndDeletePhotos(page, request, token, alt);
  }
});

test('the focal point set with the sliders and a click anchors the photo on the gallery page', async ({ page, request }) => {
  const token = await asAdmin(page, request);
  const { alt, photo } = await uploadNewPhoto(request, token, 'Tree planting');
  const caption = unique('Focal point');
  try {
    await addGalleryImage(request, token, { caption, photoId: photo._id });
    await openAdmin(page, '/admin/photos');
    await row(page, alt).getByRole('button', { name: `Edit photo no. ${photo._id}` }).click();
    const dialog = page.getByRole('dialog', { name: `Edit photo no. ${photo._id}` });
    const across = dialog.getByLabel('Focal point across (%)');
    const down = dialog.getByLabel('Focal point down (%)');
    await expect(across).toHaveValue('50');
    await expect(down).toHaveValue('50');

    // A click a quarter across and three quarters down the photo puts the point there.
    const frame = dialog.locator('.focus-frame');
    const box = await frame.boundingBox();
    await frame.click({ position: { x: box.width * 0.25, y: box.height * 0.75 } });
    const clicked = { x: Number(await across.inputValue()), y: Number(await down.inputValue()) };
    expect(Math.abs(clicked.x - 25)).toBeLessThanOrEqual(1);
    expect(Math.abs(clicked.y - 75)).toBeLessThanOrEqual(1);

    // The keyboard moves it on from there.
    await across.focus();
    for (let i = 0; i < 5; i += 1) await page.keyboard.press('ArrowRight');
    await down.focus();
    for (let i = 0; i < 5; i += 1) await page.keyboard.press('ArrowLeft');
    const x = clicked.x + 5;
    const y = clicked.y - 5;
    await expect(across).toHaveValue(String(x));
    await expect(down).toHaveValue(String(y));
    await expect(dialog.locator('.focus-marker')).toHaveAttribute('style', `left: ${x}%; top: ${y}%;`);
    for (const preview of await dialog.locator('.focus-previews img').all()) {
      await expect(preview).toHaveCSS('object-position', `${x}% ${y}%`);
    }

    // Only the focal point changed, so only it is sent.
    const patching = page.waitForRequest((req) => req.method() === 'PATCH');
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect((await patching).postDataJSON()).toEqual({ focus: { x, y } });
    await expect(toast(page, 'Photo saved')).toBeVisible();
    await expect(dialog).toBeHidden();
    const [stored] = await photosDescribed(request, token, alt);
    expect(stored.photo.focus).toEqual({ x, y });
    expect(stored.alt).toBe(alt);

    await visit(page, '/gallery');
    const image = page.getByRole('main').getByRole('article').filter({ hasText: caption }).locator('img');
    await expect(image).toHaveCSS('object-fit', 'cover');
    await expect(image).toHaveCSS('object-position', `${x}% ${y}%`);
  } finally {
    await deletePicturesMarked(request, token, caption);
    await deletePhoto(request, token, photo._id);
  }
});

test("phone cameras' 50- and 63-megapixel JPEGs are shrunk in the browser to 4096 px and uploaded", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const token = await asAdmin(page, request);
  const alt = unique('Main camera');
  try {
    await keepSentFiles(page);
    await openAdmin(page, '/admin/photos');
    const phone = await cameraJpeg(page, 'main-camera.jpg', 8000, 6000);
    expect(jpegSize(phone.buffer)).toEqual({ width: 8000, height: 6000, baseline: true });
    expect(phone.buffer.length, 'as large as a camera makes it').toBeGreaterThan(3 * 1024 * 1024);
    const huge = await cameraJpeg(page, 'too-many-pixels.jpg', 9000, 7000);
    expect(jpegSize(huge.buffer)).toEqual({ width: 9000, height: 7000, baseline: true });
    // What goes over the network: the shrunk photo, not the camera's.

    await page.getByLabel(/^Description for these photos/).fill(alt);
    await page.getByLabel('Choose photos').setInputFiles([phone, huge]);
    await expect(summary(page)).toHaveText('2 of 2 photos uploaded.', { timeout: 60_000 });
    await expect(upload(page, 'main-camera.jpg')).toHaveText('main-camera.jpg: Uploaded');
    await expect(upload(page, 'too-many-pixels.jpg')).toHaveText('too-many-pixels.jpg: Uploaded');
    const sent = await sentFiles(page);
    expect(sent).toHaveLength(2);
    expect(sent[0].size, 'smaller than the camera made it').toBeLessThan(phone.buffer.length);
    expect(jpegSize(Buffer.from(sent[0].head, 'base64'))).toMatchObject({ width: 4096, height: 3072 });
    await expect(row(page, alt)).toHaveCount(2);
    await deletePhotosDescribed(request, token, alt);
    await page.getByLabel('Choose photos').setInputFiles([phone]);
    await expect(summary(page)).toHaveText('1 of 1 photo uploaded.', { timeout: 60_000 });

    // The list shows the photo with a thumbnail the browser could load.
    await expect(row(page, alt)).toHaveCount(1);
    const thumbnail = row(page, alt).getByRole('img', { name: alt });
    await thumbnail.scrollIntoViewIfNeeded();
    await expect.poll(() => thumbnail.evaluate((img) => img.complete && img.naturalWidth), { timeout: 10_000 }).toBeGreaterThan(0);
    const [stored] = await photosDescribed(request, token, alt);
    expect(stored.photo.width / stored.photo.height).toBeCloseTo(4 / 3, 2);
    // The widest size is made too, though the photo was decoded at half its size.
    expect(stored.photo.srcset).toMatch(/ 480w, .* 960w, .* 1600w$/);
    const served = await request.get(await thumbnail.evaluate((img) => img.currentSrc));
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('image/webp');
  } finally {
    await closeAndDeletePhotos(page, request, token, alt);
  }
});

/**
 * `jpeg` as a phone saves a photo taken upright: its pixels lie sideways, and an EXIF segment (APP1) says to turn
 * them a quarter clockwise (orientation 6) to show them.
 */
function turnedByExif(jpeg) {
  const tiff = Buffer.from([
    ...[0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08], // big-endian TIFF header, first IFD at 8
    ...[0x00, 0x01], // one entry:
    ...[0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, 0x06, 0x00, 0x00], // Orientation, SHORT, 1, = 6
    ...[0x00, 0x00, 0x00, 0x00], // no next IFD
  ]);
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const header = Buffer.from([0xff, 0xe1, 0, 0]);
  header.writeUInt16BE(body.length + 2, 2);
  return { ...jpeg, buffer: Buffer.concat([jpeg.buffer.subarray(0, 2), header, body, jpeg.buffer.subarray(2)]) };
}

test('a photo the phone saved sideways with an EXIF orientation is sent upright, shrunk to 4096 px', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const token = await asAdmin(page, request);
  const alt = unique('Upright photo');
  try {
    await keepSentFiles(page);
    await openAdmin(page, '/admin/photos');
    const sideways = turnedByExif(await cameraJpeg(page, 'upright.jpg', 6000, 4000, 0.92));
    expect(jpegSize(sideways.buffer)).toMatchObject({ width: 6000, height: 4000 });
    await page.getByLabel(/^Description for these photos/).fill(alt);
    await page.getByLabel('Choose photos').setInputFiles([sideways]);
    await expect(summary(page)).toHaveText('1 of 1 photo uploaded.', { timeout: 45_000 });
    const sent = await sentFiles(page);
    expect(sent).toHaveLength(1);
    expect(sent[0].size, 'shrunk').toBeLessThan(sideways.buffer.length);
    // Turned as the EXIF says before it was shrunk: taller than wide, its longest side 4096 px.
    expect(jpegSize(Buffer.from(sent[0].head, 'base64'))).toMatchObject({ width: 2731, height: 4096 });
    const [stored] = await photosDescribed(request, token, alt);
    expect(stored.photo.width / stored.photo.height).toBeCloseTo(2 / 3, 2);
  } finally {
    await closeAndDeletePhotos(page, request, token, alt);
  }
});

test.describe('at a phone width', () => {
  test.use({ bypassCSP: true, viewport: { width: 360, height: 740 } });

  test('the upload list and the Edit popup fit, work and pass axe', async ({ page, request }) => {
    const token = await asAdmin(page, request);
    const { photo } = await uploadNewPhoto(request, token, 'Phone photo');
    const changed = unique('Phone photo, new description');
    try {
      await openAdmin(page, '/admin/photos');
      await page.getByLabel('Choose photos').setInputFiles([NOT_AN_IMAGE]);
      await expect(summary(page)).toHaveText('0 of 1 photo uploaded; 1 refused.');
      expect(await violations(page)).toEqual([]);

      const edit = page.getByRole('button', { name: `Edit photo no. ${photo._id}` });
      await edit.click();
      const dialog = page.getByRole('dialog', { name: `Edit photo no. ${photo._id}` });
      await expect(dialog.locator('.focus-frame img')).toBeVisible();
      const fits = (element) => element.scrollWidth <= element.clientWidth;
      expect(await dialog.evaluate(fits), 'no sideways scrolling in the popup').toBe(true);
      const frame = await dialog.locator('.focus-frame').boundingBox();
      expect(frame.x).toBeGreaterThanOrEqual(0);
      expect(frame.x + frame.width).toBeLessThanOrEqual(360);
      expect(await violations(page)).toEqual([]);

      await dialog.getByLabel(/^Description/).fill(changed);
      await dialog.getByLabel('Focal point down (%)').focus();
      await page.keyboard.press('Home');
      await expect(dialog.getByLabel('Focal point down (%)')).toHaveValue('0');
      const patching = page.waitForRequest((req) => req.method() === 'PATCH');
      await dialog.getByRole('button', { name: 'Save' }).click();
      expect((await patching).postDataJSON()).toEqual({ alt: changed, focus: { x: 50, y: 0 } });
      await expect(toast(page, 'Photo saved')).toBeVisible();
      await expect(row(page, changed)).toHaveCount(1);
      await expect(edit).toBeFocused();
    } finally {
      await deletePhoto(request, token, photo._id);
    }
  });

  test('the list comes first, its first photo on the first screen; Upload photos and the Dashboard lead to the form', async ({
    page,
    request,
  }) => {
    const token = await asAdmin(page, request);
    const { alt, photo } = await uploadNewPhoto(request, token, 'First screen photo');
    try {
      await openAdmin(page, '/admin/photos');
      // Newest first: the photo just uploaded is the first row, and its card starts on the first screen.
      const first = row(page, alt);
      await expect(first).toBeInViewport();
      await expect(first.getByRole('img')).toBeInViewport();
      const description = page.getByLabel(/^Description for these photos/);
      await expect(description).not.toBeInViewport();

      const goToForm = page.getByRole('button', { name: 'Upload photos', exact: true });
      await goToForm.focus();
      await page.keyboard.press('Enter');
      await expect(description).toBeFocused();
      await expect(description).toBeInViewport();

      // The Dashboard's quick action opens the screen at the form.
      await openAdmin(page, '/admin');
      await page.getByRole('region', { name: 'Quick actions' }).getByRole('link', { name: 'Upload photos' }).click();
      await expect(page).toHaveURL(/\/admin\/photos#upload$/);
      await expect(description).toBeFocused();
      expect(await violations(page)).toEqual([]);
    } finally {
      await deletePhoto(request, token, photo._id);
    }
  });
});

test('on a wide screen the upload form comes first and the list has no Upload photos button', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await asAdmin(page, request);
  await openAdmin(page, '/admin/photos');
  const form = await page.getByRole('region', { name: 'Upload photos' }).boundingBox();
  const list = await page.getByRole('heading', { name: 'Uploaded photos' }).boundingBox();
  expect(form.y).toBeLessThan(list.y);
  await expect(page.getByRole('button', { name: 'Upload photos', exact: true })).toHaveCount(0);
});
