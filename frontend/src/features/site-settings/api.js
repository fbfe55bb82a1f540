// The admin's call for the site's texts and links; the screen then reloads GET /api/content.
import { api } from '../../lib/api-client.js';

/** Only the changed settings; `supportPhoto` is a photo's id. */
export const updateSettings = (changes) => api('/api/admin/settings', { method: 'PATCH', body: changes });
