// Feedback form calls: the visitor's answers, and the admin's pages of them and deletes.
import { api } from '../../lib/api-client.js';

export const sendFeedback = (answers) => api('/api/form/feedback', { method: 'POST', body: answers, auth: false });

/** One page of the answers, newest first unless `query.sort` says otherwise: {items, total, page, size}. */
export const fetchFeedback = (query) => api('/api/admin/feedback', { query });

export const deleteFeedback = (feedbackId) =>
  api(`/api/admin/feedback/${encodeURIComponent(feedbackId)}`, { method: 'DELETE' });
