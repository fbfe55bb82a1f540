// Admin calls for the gallery's images. Each change answers {msg}; the screen then reloads GET /api/content,
// which the server has invalidated.
import { api } from '../../lib/api-client.js';

const id = (value) => encodeURIComponent(value);

/** `image` is {caption, photoId}. */
export const createGalleryImage = (image) => api('/api/admin/gallery', { method: 'POST', body: image });

export const updateGalleryImage = (imageId, changes) =>
  api(`/api/admin/gallery/${id(imageId)}`, { method: 'PATCH', body: changes });

export const deleteGalleryImage = (imageId) => api(`/api/admin/gallery/${id(imageId)}`, { method: 'DELETE' });

export const orderGallery = (ids) => api('/api/admin/gallery/order', { method: 'PUT', body: { ids } });
