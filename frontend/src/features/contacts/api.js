// Admin calls for the messages sent through the contact form.
import { api } from '../../lib/api-client.js';

/** Newest first (the server orders them). */
export const fetchContacts = () => api('/api/admin/contacts');

export const deleteContact = (id) => api(`/api/admin/contacts_delete/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** Every message as a CSV file (the server names it); for DownloadButton. */
export const CONTACTS_CSV = '/api/admin/contacts/csv';
