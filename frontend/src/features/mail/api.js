// The Email screen's calls: the settings that apply (never the SMTP password), changing them, a test email, and
// the outbox of mail waiting or given up on.
import { api } from '../../lib/api-client.js';

const id = (value) => encodeURIComponent(value);

// The settings' own calls are shared with the Settings screen's site address.
export { fetchMailSettings, saveMailSettings } from '../../components/admin/mail-settings-api.js';

export const sendTestMail = (to) => api('/api/admin/mail/test', { method: 'POST', body: { to } });

/** One page of the outbox: `query` is {page, size, sort, q}; answers {items, total, page, size}. */
export const fetchOutbox = (query) => api('/api/admin/outbox', { query });

export const retryMail = (mailId) => api(`/api/admin/outbox/${id(mailId)}/retry`, { method: 'POST' });

export const deleteMail = (mailId) => api(`/api/admin/outbox/${id(mailId)}`, { method: 'DELETE' });
