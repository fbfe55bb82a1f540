// Notice calls (the server calls notices services), and their followers' (notices by email). Reads and following
// are public; changes and the followers' list need a staff member's token.
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

/** One notice as a visitor reads it on its own page: 404 when there is none. */
export const fetchPublicNotice = (noticeId) => api(`/api/admin/servicelist/${id(noticeId)}`, { auth: false });

/**
 * `notice` is {url, title, date, tellFollowers}: an empty url means no link, an empty date means today. The answer's
 * `told` says how many followers the notice is mailed to.
 */
export const createNotice = (notice) => api('/api/admin/service', { method: 'POST', body: notice });

export const updateNotice = (noticeId, notice) =>
  api(`/api/admin/servicelist/update/${id(noticeId)}`, { method: 'PATCH', body: notice });

export const deleteNotice = (noticeId) => api(`/api/admin/servicelist/delete/${id(noticeId)}`, { method: 'DELETE' });

/** Asks for new notices by email: {email, lang}. The server answers the same whoever asks, and mails a link first. */
export const follow = (follower) => api('/api/followers', { method: 'POST', body: follower, auth: false });

/** The confirmation mail's link: its token makes the follower a confirmed one. */
export const confirmFollowing = (token) =>
  api('/api/followers/confirm', { method: 'POST', body: { token }, auth: false });

/** The unsubscribe link's (and List-Unsubscribe's) call: the follower's token is all it takes. */
export const unsubscribe = (token) =>
  api('/api/followers/unsubscribe', { method: 'POST', query: { token }, auth: false });

/** The admins' list: {count (confirmed), followers: [{_id, email, lang, confirmedAt, createdAt}]}. */
export const fetchFollowers = () => api('/api/admin/followers');

export const removeFollower = (followerId) => api(`/api/admin/followers/${id(followerId)}`, { method: 'DELETE' });

/** The followers as a CSV file, for DownloadButton; the server names it. */
export const FOLLOWERS_CSV = '/api/admin/followers/csv';

/** The server's VAPID key for web push: {publicKey} in base64url. */
export const fetchPushKey = () => api('/api/push/key', { auth: false });

/** Keeps this browser's push subscription (its JSON, and the language of its notices). */
export const savePushSubscription = (subscription, lang) =>
  api('/api/push/subscriptions', { method: 'POST', body: { ...subscription, lang }, auth: false });

export const deletePushSubscription = (endpoint) =>
  api('/api/push/subscriptions', { method: 'DELETE', body: { endpoint }, auth: false });
