// The controls of a paged admin list (usePagedList's): search, sort and the count above the table, the pager below.
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { formatter } from '../../lib/formats.js';
import './list-controls.css';

/** Long enough for a word typed at an ordinary pace, short enough to feel like the list follows the typing. */
export const TYPING_PAUSE_MS = 400;

const numberFormat = formatter(() => new Intl.NumberFormat('en-US'));

/** "1,234": a count as the admin screens show it. */
export const formatNumber = (number) => numberFormat().format(number);

/** "1 message", "1,234 messages": `noun` names one row. */
export function countOf(count, noun) {
  return `${formatNumber(count)} ${count === 1 ? noun : `${noun}s`}`;
}

/**
 * A search box (`searchLabel` is its visible label), the list's own filters (`children`, e.g. a FilterChoice), the
 * sort choice when the list has several orders, and the number of rows the search finds (`noun` names one row),
 * said again to screen readers when it changes.
 */
export function ListControls({ list, searchLabel, noun, children }) {
  const sortId = useId();
  const found = countOf(list.total, noun);
  return (
    <div className="list-controls">
      <SearchBox label={searchLabel} value={list.query} onSearch={list.setQuery} />
      {children}
      {list.sorts.length > 1 && (
        <div className="list-control">
          <label htmlFor={sortId}>Sort by</label>
          <select id={sortId} value={list.sort} onChange={(event) => list.setSort(event.target.value)}>
            {list.sorts.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      )}
      <p className="list-count" role="status">
        {list.rows !== null && (list.searched ? `${found} matching “${list.searched}”` : found)}
      </p>
    </div>
  );
}

/**
 * A choice that narrows the list by its filter `name` (usePagedList's `filters`); `options` are [value, label]
 * pairs, the first with value '' for the whole list.
 */
export function FilterChoice({ list, name, label, options }) {
  const id = useId();
  return (
    <div className="list-control">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={list.filters[name]} onChange={(event) => list.setFilter(name, event.target.value)}>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * Searches on Enter (Search) or once typing pauses. The first search of a spell of typing is a new history entry,
 * the ones after it replace it, so Back goes to the list as it was before the typing, not through each word.
 * `value` is the search now in force; Back or a link may change it, and the box follows.
 */
function SearchBox({ label, value, onSearch }) {
  const inputId = useId();
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const typing = useRef(false);

  useEffect(() => {
    if (value === sent.current) return;
    sent.current = value;
    setText(value);
  }, [value]);

  /** Answers whether the search changed. */
  const search = (wanted, options) => {
    if (wanted.trim() === sent.current) return false;
    sent.current = wanted.trim();
    onSearch(wanted, options);
    return true;
  };

  const searchAfterPause = useEffectEvent(() => {
    if (search(text, { replace: typing.current })) typing.current = true;
  });

  useEffect(() => {
    const timer = setTimeout(searchAfterPause, TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const submit = (event) => {
    event.preventDefault();
    typing.current = false;
    search(text);
  };

  return (
    <form className="list-control list-search" role="search" onSubmit={submit}>
      <label htmlFor={inputId}>{label}</label>
      <span className="list-search-row">
        <input
          id={inputId}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onBlur={() => {
            typing.current = false;
          }}
          maxLength={200}
        />
        <button type="submit" className="button button-small">
          Search
        </button>
      </span>
    </form>
  );
}

/**
 * Previous and Next with "Page X of Y" between them; nothing when everything fits on one page. `label` names the
 * pager's navigation landmark; `onTurn()` runs after a turn (e.g. to bring the table's top into view). The new
 * position is read out. A button at the end of the list stays focusable but does nothing, so the keyboard focus is
 * never lost.
 */
export function Pager({ list, label, onTurn }) {
  if (list.rows === null || list.pageCount <= 1) return null;
  const turn = (page) => {
    if (page < 1 || page > list.pageCount) return;
    list.setPage(page);
    onTurn?.();
  };
  const first = list.page <= 1;
  const last = list.page >= list.pageCount;
  return (
    <nav className="pager" aria-label={label}>
      <button
        type="button"
        className="button button-small button-outline"
        aria-disabled={first || undefined}
        onClick={() => turn(list.page - 1)}
      >
        Previous
      </button>
      <span className="pager-position" aria-live="polite">
        Page {formatNumber(list.page)} of {formatNumber(list.pageCount)}
      </span>
      <button
        type="button"
        className="button button-small button-outline"
        aria-disabled={last || undefined}
        onClick={() => turn(list.page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
