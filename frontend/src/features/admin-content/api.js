// Admin calls for the site content: rosters and members, home cards, gallery images, settings and photos.
// Each change answers {msg}; the screens then reload GET /api/content, which the server has invalidated.
import { api, upload } from '../../lib/api-client.js';

const id = (value) => encodeURIComponent(value);
const post = (path, body) => api(path, { method: 'POST', body });
const patch = (path, body) => api(path, { method: 'PATCH', body });
const put = (path, body) => api(path, { method: 'PUT', body });
const remove = (path) => api(path, { method: 'DELETE' });

/** `roster` is {slug, title}. */
export const createRoster = (roster) => post('/api/admin/rosters', roster);
/** `changes` holds slug and/or title; the core roster keeps its slug. */
export const updateRoster = (rosterId, changes) => patch(`/api/admin/rosters/${id(rosterId)}`, changes);
export const deleteRoster = (rosterId) => remove(`/api/admin/rosters/${id(rosterId)}`);
export const orderRosters = (ids) => put('/api/admin/rosters/order', { ids });

/** `member` is {name, department, year, position, link, photoId}; `photoId: null` removes the photo. */
export const createMember = (rosterId, member) => post(`/api/admin/rosters/${id(rosterId)}/members`, member);
export const updateMember = (memberId, changes) => patch(`/api/admin/members/${id(memberId)}`, changes);
export const deleteMember = (memberId) => remove(`/api/admin/members/${id(memberId)}`);
export const orderMembers = (rosterId, ids) => put(`/api/admin/rosters/${id(rosterId)}/members/order`, { ids });

/** `card` is {section: 'works'|'awards', caption, photoId}. */
export const createCard = (card) => post('/api/admin/cards', card);
export const updateCard = (cardId, changes) => patch(`/api/admin/cards/${id(cardId)}`, changes);
export const deleteCard = (cardId) => remove(`/api/admin/cards/${id(cardId)}`);
export const orderCards = (section, ids) => put(`/api/admin/cards/${id(section)}/order`, { ids });

/** `image` is {caption, photoId}. */
export const createGalleryImage = (image) => post('/api/admin/gallery', image);
export const updateGalleryImage = (imageId, changes) => patch(`/api/admin/gallery/${id(imageId)}`, changes);
export const deleteGalleryImage = (imageId) => remove(`/api/admin/gallery/${id(imageId)}`);
export const orderGallery = (ids) => put('/api/admin/gallery/order', { ids });

/** Only the changed settings; `supportPhoto` is a photo's id. */
export const updateSettings = (changes) => patch('/api/admin/settings', changes);

/** Every uploaded photo, newest first, each with `usedBy`: where the site shows it. */
export const fetchPhotos = () => api('/api/admin/media');
export const deletePhoto = (photoId) => remove(`/api/admin/media/${id(photoId)}`);

/** Uploads a JPEG, PNG or WebP file; `onProgress` gets 0…1. Answers {_id, alt, photo, msg}. */
export function uploadPhoto(file, alt, onProgress) {
  const form = new FormData();
  form.append('file', file);
  if (alt) form.append('alt', alt);
  return upload('/api/admin/media', form, { onProgress });
}
