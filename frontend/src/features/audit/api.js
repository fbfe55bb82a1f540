// The activity log's calls (admins only): a page of entries, newest first, and the CSV of every match.
import { api, withQuery } from '../../lib/api-client.js';

/**
 * One page of the log in usePagedList's terms: `query` is {page, size, q} (this call names the size `pageSize`,
 * and has one order, newest first); answers {items, total}, each item with `_id` as the admin tables key rows.
 */
export async function fetchAudit({ page, size, q }) {
  const response = await api('/api/admin/audit', { query: { page, pageSize: size, q } });
  const items = response.data?.items;
  if (!response.ok || !Array.isArray(items)) return response;
  return { ...response, data: { ...response.data, items: items.map((entry) => ({ ...entry, _id: entry.id })) } };
}

/** The CSV file of every entry the search `q` finds (all without one), for DownloadButton; the server names it. */
export const auditCsv = (q) => withQuery('/api/admin/audit/csv', { q });
