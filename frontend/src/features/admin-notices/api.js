// Admin calls for notices (the server calls them services). Reads are public; changes need an admin's token.
import { api } from '../../lib/api-client.js';

/** Newest date first (the server orders them). */
export const fetchNotices = () => api('/api/admin/servicelist');

export const fetchNotice = (id) => api(`/api/admin/servicelist/${encodeURIComponent(id)}`);

/** `notice` is {url, title, date}: an empty url means no link, an empty date means today. */
export const createNotice = (notice) => api('/api/admin/service', { method: 'POST', body: notice });

export const updateNotice = (id, notice) =>
  api(`/api/admin/servicelist/update/${encodeURIComponent(id)}`, { method: 'PATCH', body: notice });

export const deleteNotice = (id) =>
  api(`/api/admin/servicelist/delete/${encodeURIComponent(id)}`, { method: 'DELETE' });
