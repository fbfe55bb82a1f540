// An admin list shown one page at a time. Its page, sort, search and filters live in the address, so Back, a reload
// and a shared link all show the same rows; only the shown page is ever held in memory.
import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

const DEFAULT_SIZE = 20;

/** The orders that many lists offer, for their `sorts`. */
export const NEWEST_FIRST = { value: 'newest', label: 'Newest first' };
export const OLDEST_FIRST = { value: 'oldest', label: 'Oldest first' };
export const BY_NAME = { value: 'name', label: 'Name' };

/** A page number from the address: a positive whole number, else the first page. */
function pageFrom(value) {
  const page = Number(value);
  return Number.isSafeInteger(page) && page > 0 ? page : 1;
}

const NO_FILTERS = [];

/**
 * `load(query)` (an api-client call; keep it stable) answers one page, {items, total}, for `query`
 * {page, size, sort, q} and the list's filters. `sorts` are the list's orders, {value, label}, the server's default
 * first (keep the array stable too); `size` is the number of rows a page shows; `filters` names the query
 * parameters that narrow the list besides the search (e.g. ['role']), '' leaving it whole.
 *
 * Answers the shown page's `rows` (null until the first answer), `total` (every row its search finds) and
 * `searched` (that search), `answer` (the whole of the last answer, for what a list says beside its rows), `loadFailed`, `loading` (a request is under way, e.g. for a new search: until it is
 * answered, `rows`, `total` and `searched` stay those of the previous one), `page`, `pageCount`, `sort`, `query`
 * (the search in the address), `filters` (each filter's value), and
 * `setPage(n)`, `setSort(value)`, `setQuery(text, {replace})`, `setFilter(name, value)` (sort, search and filters
 * start again at page 1) and `reload()`. A page left empty by deletes gives way to the last page that has rows.
 */
export function usePagedList(load, { sorts, size = DEFAULT_SIZE, filters: filterNames = NO_FILTERS }) {
  const [params, setParams] = useSearchParams();
  const defaultSort = sorts[0].value;
  const asked = params.get('sort');
  const sort = sorts.some((option) => option.value === asked) ? asked : defaultSort;
  const page = pageFrom(params.get('page'));
  const query = (params.get('q') ?? '').trim();
  const filters = Object.fromEntries(filterNames.map((name) => [name, (params.get(name) ?? '').trim()]));
  // The effect below runs again when a filter's value changes, not on every new (but equal) object.
  const filterKey = JSON.stringify(filters);

  const [shown, setShown] = useState({ rows: null, total: 0, searched: '', loadFailed: false });
  const [loading, setLoading] = useState(true);
  const [round, setRound] = useState(0);

  // Values that are the default stay out of the address, so the plain path shows the plain list.
  const change = (changes, { replace = false } = {}) => {
    const defaults = { page: 1, sort: defaultSort, q: '' };
    for (const name of filterNames) defaults[name] = '';
    setParams(
      (current) => {
        for (const [name, value] of Object.entries(changes)) {
          if (value === defaults[name]) current.delete(name);
          else current.set(name, String(value));
        }
        return current;
      },
      { replace },
    );
  };
  const goBackTo = useEffectEvent((lastPage) => change({ page: lastPage }, { replace: true }));

  useEffect(() => {
    let live = true;
    setLoading(true);
    load({ page, size, sort, q: query, ...JSON.parse(filterKey) }).then((response) => {
      if (!live) return;
      setLoading(false);
      const items = response.ok ? response.data?.items : undefined;
      if (!Array.isArray(items)) {
        setShown((previous) => ({ ...previous, loadFailed: previous.rows === null }));
        return;
      }
      const total = Number(response.data.total) || 0;
      const lastPage = Math.max(1, Math.ceil(total / size));
      if (items.length === 0 && page > lastPage) {
        goBackTo(lastPage);
        return;
      }
      setShown({ rows: items, total, searched: query, loadFailed: false, answer: response.data });
    });
    return () => {
      live = false;
    };
  }, [load, page, size, sort, query, filterKey, round]);

  const reload = useCallback(() => setRound((value) => value + 1), []);

  return {
    ...shown,
    loading,
    page,
    size,
    pageCount: Math.max(1, Math.ceil(shown.total / size)),
    sorts,
    sort,
    query,
    filters,
    setPage: (next) => change({ page: next }),
    setSort: (next) => change({ sort: next, page: 1 }),
    setQuery: (text, options) => change({ q: text.trim(), page: 1 }, options),
    setFilter: (name, value) => change({ [name]: value, page: 1 }),
    reload,
  };
}
