// The activity log's calls (admins only): a page of entries, newest first, the people who appear in it, and the CSV
// of every match.
import { api, withQuery } from '../../lib/api-client.js';

/**
 * One page of the log in usePagedList's terms: `query` is {page, size, q, kind, actor} (this call names the size
 * `pageSize`, and has one order, newest first). `kind` is signins, payment, users, content, settings, commands or
 * all; without one the server leaves sign-ins out. `actor` is a person exactly as the entries name them. Answers
 * {items, total}, each item with `_id` as the admin tables key rows.
 */
export async function fetchAudit({ page, size, q, kind, actor }) {
  const response = await api('/api/admin/audit', { query: { page, pageSize: size, q, kind, actor } });
  const items = response.data?.items;
  if (!response.ok || !Array.isArray(items)) return response;
  return { ...response, data: { ...response.data, items: items.map((entry) => ({ ...entry, _id: entry.id })) } };
}

/** Everyone who appears in the log, as the entries name them ("Name <email>", "server command"). */
export const fetchAuditActors = () => api('/api/admin/audit/actors');

/**
 * The CSV file of every entry the search `q`, `kind` and `actor` find (as fetchAudit), for DownloadButton; the server
 * names it.
 */
export const auditCsv = ({ q, kind, actor }) => withQuery('/api/admin/audit/csv', { q, kind, actor });
