// The email settings' calls, shared by the Email screen and the Settings screen's site address (which is stored
// with them): the settings that apply (never the SMTP password), and changing them.
import { api } from '../../lib/api-client.js';

export const fetchMailSettings = () => api('/api/admin/mail');

/** Only the changed settings; an empty or missing password keeps the stored one. */
export const saveMailSettings = (changes) => api('/api/admin/mail', { method: 'PATCH', body: changes });
