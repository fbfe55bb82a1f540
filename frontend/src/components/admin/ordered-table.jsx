// An admin table of site content whose rows the admin moves Up and Down.
import { useEffect, useId, useState } from 'react';
import { notifyDone, notifyRefusal } from '../../lib/api-hooks.js';
import { useContent } from '../../lib/content.js';
import { DataTable } from './data-table.jsx';
import { PagedTable } from './paged-table.jsx';
import './ordered-table.css';

/**
 * A DataTable with an Order column last. A move sends the whole new order to the server and reloads the content;
 * the keyboard focus follows the moved row. `rows` are in their shown order; `save(ids)` sends the new order;
 * `rowName(row)` says which row a button moves, for screen readers.
 */
export function OrderedTable({ columns, rows, save, rowName, ...table }) {
  const { reload } = useContent();
  const order = useReorder(rows, {
    save,
    allIds: async () => (rows ?? []).map((row) => row._id),
    onMoved: reload,
    count: rows?.length ?? 0,
  });
  const orderColumn = {
    header: 'Order',
    action: true,
    cell: (row, index) => <MoveButtons order={order} item={row} index={index} name={rowName(row)} />,
  };
  return <DataTable {...table} columns={[...columns, orderColumn]} rows={rows} />;
}

/**
 * An OrderedTable over usePagedList's `list`: a PagedTable (search, sort, count and pager) with Up and Down. A move
 * swaps the row with its neighbour in the whole list, which `loadOrder()` answers (every row, in order), so a row
 * can move across a page boundary; `onMoved()` reloads. Moves are offered only in the list's own (first) order,
 * unsearched.
 */
export function PagedOrderedTable({ list, noun, searchLabel, empty, columns, loadOrder, save, onMoved, rowName, ...table }) {
  const offset = (list.page - 1) * list.size;
  const order = useReorder(list.rows, {
    save,
    allIds: async () => {
      const response = await loadOrder();
      return response.ok && Array.isArray(response.data) ? response.data.map((row) => row._id) : null;
    },
    onMoved,
    count: list.total,
  });
  const inOwnOrder = list.sort === list.sorts[0].value && !list.searched;
  const orderColumn = {
    header: 'Order',
    action: true,
    cell: (row, index) =>
      inOwnOrder ? (
        <MoveButtons order={order} item={row} index={offset + index} name={rowName(row)} />
      ) : (
        <span className="move-hint">In the list’s own order</span>
      ),
  };
  return (
    <PagedTable
      {...table}
      list={list}
      noun={noun}
      searchLabel={searchLabel}
      empty={empty}
      columns={[...columns, orderColumn]}
    />
  );
}

/**
 * Moving rows: `allIds()` answers the whole order (null if it cannot be had), `save(ids)` sends the new one,
 * `onMoved()` reloads, `count` is the number of rows in the whole list. The focus follows the moved row.
 */
function useReorder(rows, { save, allIds, onMoved, count }) {
  const prefix = useId();
  const [busy, setBusy] = useState(false);
  const [focusNext, setFocusNext] = useState(null);

  const buttonId = (item, direction) => `${prefix}-${item._id}-${direction}`;

  // React moves a row by taking its node out and putting it back, which drops the focus inside it: once the
  // reloaded rows are shown, the focus goes back to the moved row's button.
  useEffect(() => {
    if (!focusNext || rows === focusNext.before) return;
    const [wanted, other] = focusNext.ids.map((id) => document.getElementById(id));
    (wanted && !wanted.disabled ? wanted : other)?.focus();
    setFocusNext(null);
  }, [rows, focusNext]);

  const move = async (item, delta) => {
    if (busy) return;
    setBusy(true);
    const ids = await allIds();
    const index = ids ? ids.indexOf(item._id) : -1;
    const target = index + delta;
    if (index < 0 || target < 0 || target >= ids.length) {
      if (!ids) notifyRefusal({ status: 500, data: { message: 'The order could not be loaded; try again.' } });
      setBusy(false);
      return;
    }
    [ids[index], ids[target]] = [ids[target], ids[index]];
    const response = await save(ids);
    if (response.ok) {
      notifyDone(response, 'Order saved');
      await onMoved();
      const direction = delta < 0 ? 'up' : 'down';
      const opposite = delta < 0 ? 'down' : 'up';
      setFocusNext({ ids: [buttonId(item, direction), buttonId(item, opposite)], before: rows });
    } else {
      notifyRefusal(response);
    }
    setBusy(false);
  };

  return { move, busy, count, buttonId };
}

/** The Up and Down buttons of the row at `index`; `name` says which row, for screen readers. */
function MoveButtons({ order, item, index, name }) {
  return (
    <span className="move-buttons">
      <button
        type="button"
        id={order.buttonId(item, 'up')}
        className="button button-small button-outline"
        onClick={() => order.move(item, -1)}
        disabled={index === 0}
        aria-busy={order.busy || undefined}
      >
        Up<span className="visually-hidden"> (move {name} up)</span>
      </button>
      <button
        type="button"
        id={order.buttonId(item, 'down')}
        className="button button-small button-outline"
        onClick={() => order.move(item, 1)}
        disabled={index === order.count - 1}
        aria-busy={order.busy || undefined}
      >
        Down<span className="visually-hidden"> (move {name} down)</span>
      </button>
    </span>
  );
}
