// A Delete button of an admin table (one row, or many at once): asks first, then deletes and says so, and the list
// reloads.
import { ConfirmButton } from './confirm-button.jsx';

/**
 * `label` is the button's text ('Delete' for a row's button); `rowName` completes its name for screen readers
 * (which row); `question` is the confirmation. Once `remove()` succeeds, the toast shows the server's words
 * (`success` without them) and `onDeleted()` runs; a refusal shows the server's reason. `disabled` keeps the button
 * from acting (it stays focusable); it also does nothing while a delete is under way.
 */
export function DeleteButton({ label = 'Delete', remove, onDeleted, ...props }) {
  return (
    <ConfirmButton
      {...props}
      label={label}
      act={remove}
      onDone={onDeleted}
      className="button button-small button-danger"
    />
  );
}

/**
 * The Delete column of an admin table: each row's DeleteButton, which deletes it with `remove(row._id)`. `label` is
 * the column's heading and the buttons' text (e.g. 'Revoke'); `rowName` names a row; `question` asks about it (by
 * default "Delete <rowName>?"); `success` and `onDeleted` are the button's. On a phone the column sits with the
 * row's other actions unless `action` is false.
 */
export function deleteColumn({ label = 'Delete', rowName, question, remove, success, onDeleted, action = true }) {
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
      />
    ),
  };
}
