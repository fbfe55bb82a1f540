// An admin table of site content whose rows the admin moves Up and Down.
import { useEffect, useId, useState } from 'react';
import { notifyDone, notifyRefusal } from '../../lib/api-hooks.js';
import { useContent } from '../../lib/content.js';
import { DataTable } from './data-table.jsx';
import './ordered-table.css';

/**
 * A DataTable with an Order column last. A move sends the whole new order to the server and reloads the content;
 * the keyboard focus follows the moved row. `rows` are in their shown order; `save(ids)` sends the new order;
 * `rowName(row)` says which row a button moves, for screen readers.
 */
export function OrderedTable({ columns, rows, save, rowName, ...table }) {
  const order = useReorder(rows, save);
  const orderColumn = {
    header: 'Order',
    cell: (row, index) => <MoveButtons order={order} item={row} index={index} name={rowName(row)} />,
  };
  return <DataTable {...table} columns={[...columns, orderColumn]} rows={rows} />;
}

function useReorder(items, save) {
  const { reload } = useContent();
  const prefix = useId();
  const [busy, setBusy] = useState(false);
  const [focusNext, setFocusNext] = useState(null);

  const buttonId = (item, direction) => `${prefix}-${item._id}-${direction}`;

  // React moves a row by taking its node out and putting it back, which drops the focus inside it.
  useEffect(() => {
    if (!focusNext) return;
    const [wanted, other] = focusNext.map((id) => document.getElementById(id));
    (wanted && !wanted.disabled ? wanted : other)?.focus();
    setFocusNext(null);
  }, [items, focusNext]);

  const move = async (index, delta) => {
    const target = index + delta;
    if (busy || target < 0 || target >= items.length) return;
    const ids = items.map((item) => item._id);
    [ids[index], ids[target]] = [ids[target], ids[index]];
    setBusy(true);
    const response = await save(ids);
    if (response.ok) {
      notifyDone(response, 'Order saved');
      await reload();
      const direction = delta < 0 ? 'up' : 'down';
      const opposite = delta < 0 ? 'down' : 'up';
      setFocusNext([buttonId(items[index], direction), buttonId(items[index], opposite)]);
    } else {
      notifyRefusal(response);
    }
    setBusy(false);
  };

  return { move, busy, count: items.length, buttonId };
}

/** The Up and Down buttons of the row at `index`; `name` says which row, for screen readers. */
function MoveButtons({ order, item, index, name }) {
  return (
    <span className="move-buttons">
      <button
        type="button"
        id={order.buttonId(item, 'up')}
        className="button button-small button-outline"
        onClick={() => order.move(index, -1)}
        disabled={index === 0}
        aria-busy={order.busy || undefined}
      >
        Up<span className="visually-hidden"> (move {name} up)</span>
      </button>
      <button
        type="button"
        id={order.buttonId(item, 'down')}
        className="button button-small button-outline"
        onClick={() => order.move(index, 1)}
        disabled={index === order.count - 1}
        aria-busy={order.busy || undefined}
      >
        Down<span className="visually-hidden"> (move {name} down)</span>
      </button>
    </span>
  );
}
