// The Email screen's calls: the settings that apply (never the SMTP password), changing them, a test email, and
// the outbox of mail waiting or given up on.
import { api } from '../../lib/api-client.js';

const id = (value) => encodeURIComponent(value);

export const fetchMailSettings = () => api('/api/admin/mail');

/** Only the changed settings; an empty or missing password keeps the stored one. */
export const saveMailSettings = (changes) => api('/api/admin/mail', { method: 'PATCH', body: changes });

export const sendTestMail = (to) => api('/api/admin/mail/test', { method: 'POST', body: { to } });

/** One page of the outbox: `query` is {page, size, sort, q}; answers {items, total, page, size}. */
export const fetchOutbox = (query) => api('/api/admin/outbox', { query });

export const retryMail = (mailId) => api(`/api/admin/outbox/${id(mailId)}/retry`, { method: 'POST' });

export const deleteMail = (mailId) => api(`/api/admin/outbox/${id(mailId)}`, { method: 'DELETE' });
