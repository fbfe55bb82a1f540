// The bin's calls: what was deleted, a page at a time, and erasing one for good (restoring is the Undo's call,
// components/admin/undo.jsx, shared with the toasts).
import { api } from '../../lib/api-client.js';

export { restoreFromBin } from '../../components/admin/undo.jsx';

/** One page of the bin, newest first: `query` is {page, size, kind}. Answers {items: [{kind, id, title, deletedAt,
 * deletedBy}], total, page, size}. */
export const fetchBin = (query) => api('/api/admin/bin', { query });

/** Erases record `id` of `kind` for good (admins). Answers {msg}. */
export const eraseFromBin = (kind, id) =>
  api(`/api/admin/bin/${encodeURIComponent(kind)}/${encodeURIComponent(id)}`, { method: 'DELETE' });
