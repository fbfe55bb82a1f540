// A Delete button of an admin table (one row, or many at once): asks first, then deletes and says so, and the list
// reloads.
import { useState } from 'react';
import { notifyDone, notifyRefusal } from '../../lib/api-hooks.js';

/**
 * `label` is the button's text ('Delete' for a row's button); `rowName` completes its name for screen readers
 * (which row); `question` is the confirmation. Once `remove()` succeeds, the toast shows the server's words
 * (`success` without them) and `onDeleted()` runs; a refusal shows the server's reason. `disabled` keeps the button
 * from acting (it stays focusable); it also does nothing while a delete is under way.
 */
export function DeleteButton({ label = 'Delete', rowName, question, remove, success, onDeleted, disabled = false }) {
  const [busy, setBusy] = useState(false);

  const confirmAndDelete = async () => {
    if (disabled || busy || !window.confirm(question)) return;
    setBusy(true);
    const response = await remove();
    setBusy(false);
    if (!response.ok) {
      notifyRefusal(response);
      return;
    }
    notifyDone(response, success);
    onDeleted();
  };

  return (
    <button
      type="button"
      className="button button-small button-danger"
      onClick={confirmAndDelete}
      aria-disabled={disabled || undefined}
      aria-busy={busy || undefined}
    >
      {label}
      {rowName && <span className="visually-hidden"> {rowName}</span>}
    </button>
  );
}

/**
 * The Delete column of an admin table: each row's DeleteButton, which deletes it with `remove(row._id)`. `rowName`
 * names a row; `question` asks about it (by default "Delete <rowName>?"); `success` and `onDeleted` are the
 * button's. On a phone the column sits with the row's other actions unless `action` is false.
 */
export function deleteColumn({ rowName, question, remove, success, onDeleted, action = true }) {
  return {
    header: 'Delete',
    action,
    cell: (row) => (
      <DeleteButton
        rowName={rowName(row)}
        question={question ? question(row) : `Delete ${rowName(row)}?`}
        remove={() => remove(row._id)}
        success={success}
        onDeleted={onDeleted}
      />
    ),
  };
}
