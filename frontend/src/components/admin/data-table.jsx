// An admin list as a real table described by its columns.
import { useId } from 'react';
import { Address } from './cells.jsx';
import './data-table.css';

/**
 * A heading with its actions, then `controls` (e.g. search and sort), `bar` (e.g. what to do with the ticked rows),
 * the table in its own sideways-scrolling box, so a phone's page never scrolls, and `footer` (e.g. a pager).
 * `columns` are {header, key, label, cell(row, index), className, action}: the column's heading (a text, or a node
 * with a `key` naming the column), what it shows for a row, and the class of its cells. Below 640 px each row is a
 * card: a cell shows its column's heading (or `label`, for a heading that is not text) beside it, and `action`
 * columns (Edit, Delete, Order) sit together at the card's foot without one. `rows` (each with an `_id`) is null
 * while loading; `loadFailed` says it could not be loaded; `busy` marks rows about to be replaced.
 * A column whose `className` holds `cell-address` (emails, IP addresses) wraps a text cell after its "@", dots and
 * colons rather than inside a name.
 * `rowClassName(row)` gives a row a class of its own, `className` the section (for a screen's own styles); `ref`
 * reaches the section. The box is a focusable region so keyboard users can scroll it too.
 */
export function DataTable({
  ref,
  className,
  title,
  actions,
  controls,
  bar,
  footer,
  columns,
  rows,
  loadFailed,
  busy,
  empty,
  rowClassName,
}) {
  const titleId = useId();
  let body;
  if (rows === null) {
    const text = loadFailed ? `The ${title.toLowerCase()} could not be loaded.` : 'Loading…';
    body = <p className="page-loading">{text}</p>;
  } else {
    body = (
      <div className="table-box" role="region" aria-labelledby={titleId} tabIndex={0} aria-busy={busy || undefined}>
        <table className="data-table">
          <thead>
            <tr>
              {columns.map((column) => (
                <th
                  key={column.key ?? column.header}
                  scope="col"
                  className={typeof column.header === 'string' ? undefined : 'th-control'}
                >
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="data-table-empty">
                  {empty}
                </td>
              </tr>
            ) : (
              rows.map((row, index) => (
                <tr key={row._id} className={rowClassName?.(row)}>
                  {columns.map((column) => (
                    <td
                      key={column.key ?? column.header}
                      className={cellClass(column)}
                      data-label={column.action ? undefined : (column.label ?? textOf(column.header))}
                    >
                      {cellContent(column, row, index)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    );
  }
  return (
    <section ref={ref} className={className ? `data-table-section ${className}` : 'data-table-section'}>
      <div className="data-table-head">
        <h2 id={titleId}>{title}</h2>
        {actions}
      </div>
      {controls}
      {bar}
      {body}
      {footer}
    </section>
  );
}

const textOf = (header) => (typeof header === 'string' ? header : undefined);

function cellContent(column, row, index) {
  const content = column.cell(row, index);
  const address = typeof content === 'string' && column.className?.split(' ').includes('cell-address');
  return address ? <Address text={content} /> : content;
}

const cellClass = (column) => [column.className, column.action && 'cell-action'].filter(Boolean).join(' ') || undefined;
