// Contact message calls: the visitor's form, and the admin's list, delete and CSV download.
import { api } from '../../lib/api-client.js';

export const sendContact = (message) => api('/api/form/contact', { method: 'POST', body: message, auth: false });

/** Newest first (the server orders them). */
export const fetchContacts = () => api('/api/admin/contacts');

export const deleteContact = (id) => api(`/api/admin/contacts_delete/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** Every message as a CSV file (the server names it); for DownloadButton. */
export const CONTACTS_CSV = '/api/admin/contacts/csv';
