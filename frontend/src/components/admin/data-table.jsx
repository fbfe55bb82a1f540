// An admin list as a real table described by its columns, and the hook that loads its rows through the API.
import { useId } from 'react';
import { useApiData } from '../../lib/api-hooks.js';
import './data-table.css';

/** A table's rows loaded by `load` (an api-client call; keep it stable): `rows`, `loadFailed` and `reload`. */
export function useTableRows(load) {
  const { data, loadFailed, reload } = useApiData(load);
  return { rows: data, loadFailed, reload };
}

/**
 * A heading with its actions, then the table in its own sideways-scrolling box, so a phone's page never scrolls.
 * `columns` are {header, cell(row, index), className}: the column's heading, what it shows for a row, and the
 * class of its cells. `rows` (each with an `_id`) is null while loading; `loadFailed` says it could not be loaded.
 * The box is a focusable region so keyboard users can scroll it too.
 */
export function DataTable({ title, actions, columns, rows, loadFailed, empty }) {
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
                <th key={column.header} scope="col">
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
                <tr key={row._id}>
                  {columns.map((column) => (
                    <td key={column.header} className={column.className}>
                      {column.cell(row, index)}
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
    <section>
      <div className="data-table-head">
        <h2 id={titleId}>{title}</h2>
        {actions}
      </div>
      {body}
    </section>
  );
}
