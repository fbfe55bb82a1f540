// Set-up and clean-up through the API for the site-content browser tests, so each test leaves the content
// as the other suites expect it (15 core members, six cards per carousel, six gallery images…).
import { bearer, expect, siteContent } from './fixtures.js';
import { pngImage } from './png.js';

export const unique = (prefix) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A slug no other test uses: letters, digits and dashes, ≤ 20 characters. */
export const uniqueSlug = () => `e2e-${Date.now().toString(36).slice(-6)}${Math.floor(Math.random() * 1e4)}`;

async function ok(response, what, status = [200, 201]) {
  expect(status, `${what}: ${response.status()} ${await response.text()}`).toContain(response.status());
  return response.json();
}

export async function createRoster(request, token, roster) {
  return ok(await request.post('/api/admin/rosters', { data: roster, headers: bearer(token) }), 'create roster');
}

export async function deleteRosterBySlug(request, token, slug) {
  const { teams } = await siteContent(request);
  if (!teams[slug]) return;
  await ok(await request.delete(`/api/admin/rosters/${teams[slug]._id}`, { headers: bearer(token) }), 'delete roster');
}

export async function addMember(request, token, rosterId, member) {
  const response = await request.post(`/api/admin/rosters/${rosterId}/members`, { data: member, headers: bearer(token) });
  return ok(response, 'add member');
}

export async function uploadPhoto(request, token, alt) {
  const response = await request.post('/api/admin/media', {
    headers: bearer(token),
    multipart: { file: { name: 'photo.png', mimeType: 'image/png', buffer: pngImage(320, 240) }, alt },
  });
  return ok(response, 'upload photo');
}

/** Uploads a photo whose description is `prefix` and a mark no other test uses; answers {alt, photo}. */
export async function uploadNewPhoto(request, token, prefix) {
  const alt = unique(prefix);
  return { alt, photo: await uploadPhoto(request, token, alt) };
}

export async function deletePhoto(request, token, id) {
  await ok(await request.delete(`/api/admin/media/${id}`, { headers: bearer(token) }), 'delete photo', [200, 404]);
}

export async function addGalleryImage(request, token, image) {
  return ok(await request.post('/api/admin/gallery', { data: image, headers: bearer(token) }), 'add gallery image');
}

/** Deletes the gallery images and cards whose caption contains `marker`. */
export async function deletePicturesMarked(request, token, marker) {
  const { works, awards, gallery } = await siteContent(request);
  for (const card of [...works, ...awards].filter((c) => c.caption.includes(marker))) {
    await ok(await request.delete(`/api/admin/cards/${card._id}`, { headers: bearer(token) }), 'delete card');
  }
  for (const image of gallery.filter((g) => g.caption.includes(marker))) {
    await ok(await request.delete(`/api/admin/gallery/${image._id}`, { headers: bearer(token) }), 'delete image');
  }
}

export async function putOrder(request, token, path, ids) {
  await ok(await request.put(path, { data: { ids }, headers: bearer(token) }), 'order');
}

export async function patchSettings(request, token, changes) {
  await ok(await request.patch('/api/admin/settings', { data: changes, headers: bearer(token) }), 'settings');
}
