// A Delete button of an admin table (one row, or many at once): asks first, then deletes and says so, and the list
// reloads.
import { notifyDone } from '../../lib/api-hooks.js';
import { ConfirmButton } from './confirm-button.jsx';
import { notifyDeleted } from './undo.jsx';

/**
 * `label` is the button's text ('Delete' for a row's button); `rowName` completes its name for screen readers
 * (which row); `question` is the confirmation. Once `remove()` succeeds, the toast shows the server's words
 * (`success` without them) and `onDeleted()` runs; a refusal shows the server's reason. `disabled` keeps the button
 * from acting (it stays focusable); it also does nothing while a delete is under way. `bin` ({kind, id}, or a
 * function of the answer giving it) names what the delete put in the bin: the toast then offers Undo for 10 seconds.
 */
export function DeleteButton({ label = 'Delete', remove, onDeleted, bin, ...props }) {
  const said =
    bin &&
    ((response) => {
      const binned = typeof bin === 'function' ? bin(response) : bin;
      if (!binned) return notifyDone(response, props.success);
      notifyDeleted(response, props.success, { ...binned, onRestored: onDeleted });
    });
  return (
    <ConfirmButton
      {...props}
      label={label}
      act={remove}
      onDone={onDeleted}
      said={said}
      className="button button-small button-danger"
    />
  );
}

/**
 * The Delete column of an admin table: each row's DeleteButton, which deletes it with `remove(row._id)`. `label` is
 * the column's heading and the buttons' text (e.g. 'Revoke'); `rowName` names a row; `question` asks about it (by
 * default "Delete <rowName>?"); `success` and `onDeleted` are the button's. On a phone the column sits with the
 * row's other actions unless `action` is false. `bin` is the bin's name for the rows' kind ('notice'): a deleted
 * row's toast then offers Undo.
 */
export function deleteColumn({ label = 'Delete', rowName, question, remove, success, onDeleted, action = true, bin }) {
  return {
    header: label,
    action,
    cell: (row) => (
      <DeleteButton
        label={label}
        rowName={rowName(row)}
        question={question ? question(row) : `Delete ${rowName(row)}?`}
        remove={() => remove(row._id)}
        success={success}
        onDeleted={onDeleted}
        bin={bin && { kind: bin, id: row._id }}
      />
    ),
  };
}
