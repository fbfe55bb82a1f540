// Contact message calls: the visitor's form, and the admin's list, delete and CSV download.
import { api } from '../../lib/api-client.js';

export const sendContact = (message) => api('/api/form/contact', { method: 'POST', body: message, auth: false });

/** One page of the messages, newest first unless `query.sort` says otherwise: {items, total, page, size}. */
export const fetchContacts = (query) => api('/api/admin/contacts', { query });

export const deleteContact = (id) => api(`/api/admin/contacts_delete/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** Every message as a CSV file (the server names it); for DownloadButton. */
export const CONTACTS_CSV = '/api/admin/contacts/csv';
