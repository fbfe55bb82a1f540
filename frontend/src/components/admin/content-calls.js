// The admin calls of an ordered list of site content (rosters, members, cards, gallery images).
import { api } from '../../lib/api-client.js';

/**
 * Each change answers {msg}; the screens then reload GET /api/content, which the server has invalidated.
 * `create(fields)` and `order(ids)` go to the list at `listPath`; `update(id, changes)` and `remove(id)` to the
 * item under `itemPath` (the list's own path unless the server keeps items elsewhere).
 */
export function contentCalls(listPath, itemPath = listPath) {
  const item = (id) => `${itemPath}/${encodeURIComponent(id)}`;
  return {
    create: (fields) => api(listPath, { method: 'POST', body: fields }),
    update: (id, changes) => api(item(id), { method: 'PATCH', body: changes }),
    remove: (id) => api(item(id), { method: 'DELETE' }),
    order: (ids) => api(`${listPath}/order`, { method: 'PUT', body: { ids } }),
  };
}
