// An admin list: a heading with its actions, then a real table that scrolls sideways inside its own box,
// so a phone's page never does.
import { useId } from 'react';
import './data-table.css';

/**
 * `rows` is null while loading; `loadFailed` says it could not be loaded. `children` renders one row (a <tr>).
 * The box is a focusable region so keyboard users can scroll it too.
 */
export function DataTable({ title, actions, columns, rows, loadFailed, empty, children }) {
  const titleId = useId();
  let body;
  if (rows === null) {
    const text = loadFailed ? `The ${title.toLowerCase()} could not be loaded.` : 'Loading…';
    body = <p className="page-loading">{text}</p>;
  } else {
    body = (
      <div className="table-box" role="region" aria-labelledby={titleId} tabIndex={0}>
        <table className="data-table">
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col">
                  {column}
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
              rows.map(children)
            )}
          </tbody>
        </table>
      </div>
    );
  }
  return (
    <section>
      <div className="data-table-head">
        <h2 id={titleId}>{title}</h2>
        {actions}
      </div>
      {body}
    </section>
  );
}
