// The admin's call to delete an uploaded photo; the list and the upload are the admin kit's (photos-api.js).
import { api } from '../../lib/api-client.js';

/** The server refuses while the photo is shown somewhere, and says where. */
export const deletePhoto = (photoId) => api(`/api/admin/media/${encodeURIComponent(photoId)}`, { method: 'DELETE' });
