// The service worker's offline copy (worker.js), read by the page when the network fails: the content document
// (without the payment details), and the board's last 50 notices, a page of them or one of them. Loaded only when a
// call has failed.
import { COPIED_AT, COPIED_CONTENT, COPIED_NOTICES, COPY_CACHE } from './offline-names.js';

const NOTICE = /^\/api\/admin\/servicelist\/(\d+)$/;

async function copy(key) {
  if (!('caches' in window)) return null;
  const kept = await caches.match(key, { cacheName: COPY_CACHE });
  if (!kept) return null;
  return { data: await kept.json(), at: kept.headers.get(COPIED_AT) };
}

/**
 * What the copy answers for the visitor's GET of `path` with `query`, as {data, at}; null where it has nothing (a
 * page of notices beyond the last 50, a search, a notice not among them, any other call).
 */
export async function offlineAnswer(path, query = {}) {
  if (path === '/api/content') {
    const content = await copy(COPIED_CONTENT);
    return content && { data: { ...content.data, offlineAsOf: content.at }, at: content.at };
  }
  const notice = NOTICE.exec(path);
  if (path !== '/api/admin/servicelist' && !notice) return null;
  const board = await copy(COPIED_NOTICES);
  if (!board) return null;
  const items = board.data.items ?? [];
  if (notice) {
    const found = items.find((item) => String(item._id) === notice[1]);
    return found ? { data: found, at: board.at } : null;
  }
  if (query.q || query.sort) return null;
  const page = Number(query.page ?? 1);
  const size = Number(query.size ?? items.length);
  const start = (page - 1) * size;
  if (!(page >= 1 && size >= 1) || (start >= items.length && page > 1)) return null;
  return { data: { ...board.data, items: items.slice(start, start + size), page, size }, at: board.at };
}
