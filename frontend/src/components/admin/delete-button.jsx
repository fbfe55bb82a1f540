// The Delete button of an admin table's row: asks first, then deletes and says so, and the list reloads.
import { notifyDone, notifyRefusal } from '../../lib/api-hooks.js';

/**
 * `rowName` completes the button's name for screen readers (which row); `question` is the confirmation. Once
 * `remove()` succeeds, the toast shows the server's words (`success` without them) and `onDeleted()` runs; a
 * refusal shows the server's reason.
 */
export function DeleteButton({ rowName, question, remove, success, onDeleted }) {
  const confirmAndDelete = async () => {
    if (!window.confirm(question)) return;
    const response = await remove();
    if (!response.ok) {
      notifyRefusal(response);
      return;
    }
    notifyDone(response, success);
    onDeleted();
  };

  return (
    <button type="button" className="button button-small button-danger" onClick={confirmAndDelete}>
      Delete<span className="visually-hidden"> {rowName}</span>
    </button>
  );
}
