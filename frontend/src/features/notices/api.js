// Notice calls (the server calls notices services). Reads are public; changes need an admin's token.
import { api } from '../../lib/api-client.js';

const id = (value) => encodeURIComponent(value);

/**
 * One page of the notices, newest date first unless `query.sort` says otherwise, asked for as a visitor: the board
 * sends no token. `query` is {page, size, sort, q}; answers {items, total, page, size}.
 */
export const fetchNotices = (query) => api('/api/admin/servicelist', { query, auth: false });

/** The same pages for the admin screen, which sends the admin's token like every admin call. */
export const fetchNoticesAsAdmin = (query) => api('/api/admin/servicelist', { query });

export const fetchNotice = (noticeId) => api(`/api/admin/servicelist/${id(noticeId)}`);

/** `notice` is {url, title, date}: an empty url means no link, an empty date means today. */
export const createNotice = (notice) => api('/api/admin/service', { method: 'POST', body: notice });

export const updateNotice = (noticeId, notice) =>
  api(`/api/admin/servicelist/update/${id(noticeId)}`, { method: 'PATCH', body: notice });

export const deleteNotice = (noticeId) => api(`/api/admin/servicelist/delete/${id(noticeId)}`, { method: 'DELETE' });
