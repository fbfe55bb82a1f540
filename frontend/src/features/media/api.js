// The admin's calls to change and delete an uploaded photo; the list and the upload are in photos-api.js.
import { api } from '../../lib/api-client.js';

/**
 * Deletes a photo into the bin. The server refuses while the photo is shown somewhere, and says where, unless
 * `withUses`: then those places show no photo until it is restored (the Support page's photo excepted).
 */
export const deletePhoto = (photoId, { withUses = false } = {}) =>
  api(`/api/admin/media/${encodeURIComponent(photoId)}`, {
    method: 'DELETE',
    query: withUses ? { withUses: 'true' } : undefined,
  });

/**
 * Changes an uploaded photo: `changes` is {alt?, focus?: {x, y}} (whole percentages from the top left), only what
 * changed. Answers {msg}.
 */
export const updatePhoto = (photoId, changes) =>
  api(`/api/admin/media/${encodeURIComponent(photoId)}`, { method: 'PATCH', body: changes });
