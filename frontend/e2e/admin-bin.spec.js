// The bin: a delete's toast offers Undo for 10 seconds (by keyboard too), and the Bin screen lists what was deleted
// with Restore and, for admins, Delete forever; what comes back is as it was (the certificate verifies again). At
// 360 px and 1366 px, clean under axe.
import { bearer, createNotice, expect, issueCertificate, test } from './fixtures.js';
import { acceptConfirm, asAdmin, openAdmin, registerEditor, registerUser, row, toast, useToken } from './admin-helpers.js';
import { addGalleryImage, deletePicturesMarked, unique, uploadNewPhoto } from './content-helpers.js';
import { tabTo } from './keyboard.js';
import { violations } from './axe.js';

test.use({ bypassCSP: true });

test('at 1366 px a deleted notice comes back with the Undo of its toast, by keyboard', async ({ page, request }) => {
  const token = await asAdmin(page, request);
  await page.setViewportSize({ width: 1366, height: 900 });
  const title = unique('Sports day');
  const notice = await createNotice(request, token, { title, date: '2026-11-21' });
  await openAdmin(page, `/admin/notices?q=${encodeURIComponent(title)}`);
  const remove = row(page, title).getByRole('button', { name: /Delete/ });
  await remove.focus();
  acceptConfirm(page);
  await page.keyboard.press('Enter');
  const said = toast(page, 'Service deleted');
  await expect(said).toBeVisible();
  await expect(page.getByText(`No notices match “${title}”.`)).toBeVisible();
  const undo = said.getByRole('button', { name: 'Undo' });
  expect(await tabTo(page, undo, 200)).toBe(true);
  // While the keyboard is on Undo, the toast's 10 s wait, and so the Undo, holds: however long axe takes.
  await expect(said.getByRole('progressbar', { includeHidden: true })).toHaveCSS('animation-play-state', 'paused');
  expect(await violations(page)).toEqual([]);
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Restored')).toBeVisible();
  await expect(row(page, title).getByRole('button', { name: /Delete/ })).toBeVisible();
  const back = await request.get(`/api/admin/servicelist/${notice._id}`, { headers: bearer(token) });
  expect(await back.json()).toEqual(notice);
});

test('at 1366 px a deleted account comes back with Undo, signed out, and waits in the Bin for admins', async ({
  page,
  request,
}) => {
  const token = await asAdmin(page, request);
  await page.setViewportSize({ width: 1366, height: 900 });
  const lastname = unique('Binned');
  const member = await registerUser(request, { lastname });
  await openAdmin(page, `/admin/users?q=${encodeURIComponent(lastname)}`);
  acceptConfirm(page);
  await row(page, member.email).getByRole('button', { name: /Delete/ }).click();
  const said = toast(page, 'User has been deleted');
  await expect(said).toBeVisible();
  await expect(row(page, member.email)).toHaveCount(0);
  const signIn = await request.post('/api/auth/login', { data: { email: member.email, password: 'member-pass-1' } });
  expect(signIn.status(), 'no sign-in from the bin').toBe(401);
  await said.getByRole('button', { name: 'Undo' }).click();
  await expect(toast(page, 'Restored')).toBeVisible();
  await expect(row(page, member.email)).toBeVisible();
  const old = await request.get('/api/auth/user', { headers: bearer(member.token) });
  expect(old.status(), 'no old session comes back').toBe(401);

  // Deleted again: in the Bin as "Account", with its name and address.
  await request.delete(`/api/admin/users/delete/${member.id}`, { headers: bearer(token) });
  await openAdmin(page, '/admin/bin?kind=user');
  await expect(row(page, member.email)).toContainText('Account');
  await expect(row(page, member.email)).toContainText(`Mita ${lastname}`);
  expect(await violations(page)).toEqual([]);
});

test('at 1366 px a deleted photo is undone from the Photos screen and waits in the Bin once deleted again', async ({
  page,
  request,
}) => {
  const token = await asAdmin(page, request);
  await page.setViewportSize({ width: 1366, height: 900 });
  const { alt, photo } = await uploadNewPhoto(request, token, 'Bin photo');
  const src = photo.photo.src;
  await openAdmin(page, `/admin/photos?q=${encodeURIComponent(alt)}`);
  acceptConfirm(page);
  await row(page, alt).getByRole('button', { name: /Delete/ }).click();
  const said = toast(page, 'Photo deleted');
  await expect(said).toBeVisible();
  expect((await request.get(src)).status(), 'off the site at once').toBe(404);
  await said.getByRole('button', { name: 'Undo' }).click();
  await expect(toast(page, 'Restored')).toBeVisible();
  await expect(row(page, alt)).toBeVisible();
  expect((await request.get(src)).status(), 'at its own address again').toBe(200);

  await request.delete(`/api/admin/media/${photo._id}`, { headers: bearer(token) });
  await openAdmin(page, '/admin/bin?kind=media');
  await expect(row(page, alt)).toContainText('Photo');
  expect(await violations(page)).toEqual([]);
  acceptConfirm(page);
  await row(page, alt).getByRole('button', { name: /^Restore/ }).click();
  await expect(toast(page, 'Restored')).toBeVisible();
  expect((await request.get(src)).status()).toBe(200);
});

test('a photo in use is refused, then deleted from its places on request, and Undo puts it back there', async ({
  page,
  request,
}) => {
  const token = await asAdmin(page, request);
  await page.setViewportSize({ width: 1366, height: 900 });
  const { alt, photo } = await uploadNewPhoto(request, token, 'Used photo');
  const caption = unique('Shows a photo');
  const picture = await addGalleryImage(request, token, { caption, photoId: photo._id });
  const galleryPhoto = async () =>
    (await (await request.get('/api/content')).json()).gallery.find((item) => item._id === picture._id)?.photo
      ?.photoId ?? null;
  try {
    await openAdmin(page, `/admin/photos?q=${encodeURIComponent(alt)}`);
    acceptConfirm(page);
    await row(page, alt).getByRole('button', { name: /Delete/ }).click();
    await expect(toast(page, 'This photo is still used by')).toBeVisible();
    await expect(row(page, alt)).toHaveCount(1);
    const offer = toast(page, 'Delete it from those places too?');
    acceptConfirm(page);
    await offer.getByRole('button', { name: 'Delete it there too' }).click();
    const said = toast(page, 'Photo deleted');
    await expect(said).toBeVisible();
    await expect(page.getByText(`No photos match “${alt}”.`)).toBeVisible();
    expect(await galleryPhoto(), 'the gallery picture shows no photo').toBeNull();
    expect(await violations(page)).toEqual([]);
    await said.getByRole('button', { name: 'Undo' }).click();
    await expect(toast(page, 'Restored')).toBeVisible();
    await expect(row(page, alt).getByRole('button', { name: /Delete/ })).toBeVisible();
    expect(await galleryPhoto(), 'the gallery picture shows it again').toBe(photo._id);
  } finally {
    await deletePicturesMarked(request, token, caption);
  }
});

test('at 360 px a deleted certificate waits in the Bin, is restored there and verifies again', async ({ page, request }) => {
  const token = await asAdmin(page, request);
  await page.setViewportSize({ width: 360, height: 740 });
  const name = unique('Rina');
  const number = await issueCertificate(request, token, name, { event: 'Science camp' });
  const { items } = await (
    await request.get(`/api/admin/display_certificate?q=${number}&size=5`, { headers: bearer(token) })
  ).json();
  const deleted = await request.delete(`/api/admin/delete_certificate/${items[0]._id}`, { headers: bearer(token) });
  expect(deleted.status()).toBe(200);
  expect((await request.get(`/api/certificate/get_certificate/${number}`)).status()).toBe(404);

  await openAdmin(page, '/admin/bin?kind=certificate');
  await expect(page.getByRole('heading', { level: 2, name: 'Bin' })).toBeVisible();
  const binned = row(page, `No. ${number}, ${name}`);
  await expect(binned).toContainText('Certificate');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect(await violations(page)).toEqual([]);
  acceptConfirm(page);
  await binned.getByRole('button', { name: /^Restore/ }).click();
  await expect(toast(page, 'Restored')).toBeVisible();
  await expect(binned).toHaveCount(0);
  const found = await (await request.get(`/api/certificate/get_certificate/${number}`)).json();
  expect(found).toEqual({ name, certinumber: number, event: 'Science camp' });
});

test('an admin deletes one forever; an editor sees what they may delete, and no Delete forever', async ({
  page,
  request,
}) => {
  const token = await asAdmin(page, request);
  const title = unique('Mistake');
  const notice = await createNotice(request, token, { title, date: '2026-11-22' });
  await request.delete(`/api/admin/servicelist/delete/${notice._id}`, { headers: bearer(token) });
  const contact = await request.post('/api/form/contact', {
    data: { name: unique('Parent'), email: 'parent@example.org', telephone: '9876543210', subject: '5star', message: 'Please remove my message' },
  });
  expect(contact.status()).toBe(201);
  const { _id: contactId, name: parent } = await contact.json();
  await request.delete(`/api/admin/contacts_delete/${contactId}`, { headers: bearer(token) });

  const editor = await registerEditor(request);
  const editorPage = await page.context().browser().newPage();
  await useToken(editorPage, editor.token);
  await openAdmin(editorPage, '/admin/bin');
  await expect(row(editorPage, title)).toBeVisible();
  await expect(row(editorPage, parent)).toHaveCount(0);
  await expect(editorPage.getByRole('button', { name: /Delete forever/ })).toHaveCount(0);
  await editorPage.close();

  await openAdmin(page, '/admin/bin');
  await expect(row(page, parent)).toContainText('Message');
  acceptConfirm(page);
  await row(page, parent).getByRole('button', { name: /Delete forever/ }).click();
  await expect(toast(page, 'Deleted forever')).toBeVisible();
  await expect(row(page, parent)).toHaveCount(0);
  const restore = await request.post(`/api/admin/bin/contact/${contactId}/restore`, { headers: bearer(token) });
  expect(restore.status()).toBe(404);
});

for (const width of [360, 1366]) {
  test(`at ${width} px a notice's History shows each change and brings an earlier version back, by keyboard`, async ({
    page,
    request,
  }) => {
    const token = await asAdmin(page, request);
    await page.setViewportSize({ width, height: 900 });
    const title = unique('Exam on Monday');
    const notice = await createNotice(request, token, { title, date: '2026-11-20' });
    const changed = await request.patch(`/api/admin/servicelist/update/${notice._id}`, {
      data: { title: `${title}, moved to Tuesday` },
      headers: bearer(token),
    });
    expect(changed.status()).toBe(200);
    await openAdmin(page, `/admin/servicelist/${notice._id}/edit`);
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(`${title}, moved to Tuesday`);
    const history = page.locator('details.history');
    const summary = history.locator('summary');
    await summary.focus();
    await page.keyboard.press('Enter');
    const version = history.getByRole('listitem').first();
    await expect(version).toContainText(`Title: ${title} → ${title}, moved to Tuesday`);
    await expect(version).toContainText('admin@jyoti.test');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await violations(page)).toEqual([]);
    const restore = history.getByRole('button', { name: /^Restore this version/ });
    await restore.focus();
    acceptConfirm(page);
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Version restored')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/notices$/);
    const now = await (await request.get(`/api/admin/servicelist/${notice._id}`, { headers: bearer(token) })).json();
    expect(now.title).toBe(title);
  });
}
