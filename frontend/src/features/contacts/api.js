// Contact message calls: the visitor's form, and the admin's pages of messages, read marks, deletes and CSV download.
import { api, withQuery } from '../../lib/api-client.js';

const id = (value) => encodeURIComponent(value);

export const sendContact = (message) => api('/api/form/contact', { method: 'POST', body: message, auth: false });

/** One page of the messages, newest first unless `query.sort` says otherwise: {items, total, page, size}. */
export const fetchContacts = (query) => api('/api/admin/contacts', { query });

/** Marks a message as read by an admin (`read` true) or as unread again; answers the message. */
export const markContactRead = (contactId, read) =>
  api(`/api/admin/contacts/${id(contactId)}`, { method: 'PATCH', body: { read } });

export const deleteContact = (contactId) => api(`/api/admin/contacts_delete/${id(contactId)}`, { method: 'DELETE' });

/** Deletes the messages with these ids; answers {msg, deleted}. */
export const deleteContacts = (ids) => api('/api/admin/contacts/delete', { method: 'POST', body: { ids } });

/** Deletes every message the search `q` finds, all of them when `q` is empty; answers {msg, deleted}. */
export const deleteMatchingContacts = (q) => api('/api/admin/contacts/delete', { method: 'POST', body: { q } });

/** The CSV file of every message the search `q` finds (all without one), for DownloadButton; the server names it. */
export const contactsCsv = (q) => withQuery('/api/admin/contacts/csv', { q });
