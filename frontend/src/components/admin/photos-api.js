// The photo calls the admin kit's picker and upload make, and the Photos screen lists with.
import { api } from '../../lib/api-client.js';
import { upload } from '../../lib/file-transfer.js';

/**
 * One page of the uploaded photos, newest first unless `query.sort` says otherwise, each with `usedBy`: where the
 * site shows it. `query` is {page, size, sort, q} (q searches the descriptions); answers {items, total, page, size}.
 */
export const fetchPhotos = (query) => api('/api/admin/media', { query });

/** Uploads a JPEG, PNG or WebP file; `onProgress` gets 0…1. Answers {_id, alt, photo, msg}. */
export function uploadPhoto(file, alt, onProgress) {
  const form = new FormData();
  form.append('file', file);
  if (alt) form.append('alt', alt);
  return upload('/api/admin/media', form, { onProgress });
}
