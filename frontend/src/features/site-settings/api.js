// The admin's call for the site's texts and links; the screen then reloads GET /api/content.
import { api } from '../../lib/api-client.js';

/** Only the changed settings; `supportPhoto` is a photo's id. */
export const updateSettings = (changes) => api('/api/admin/settings', { method: 'PATCH', body: changes });

/** What still shows the sample content: [{what, where}], `where` being the admin screen that replaces it. */
export const fetchSampleContentLeft = () => api('/api/admin/sample-content');
