// A button of an admin table that asks first, then acts and says so (a delete, signing an account out).
import { useState } from 'react';
import { notifyDone, notifyRefusal } from '../../lib/api-hooks.js';

/**
 * `label` is the button's text; `rowName` completes its name for screen readers (which row); `question` is the
 * confirmation. Once `act()` succeeds, the toast shows the server's words (`success` without them) and `onDone()`
 * runs; a refusal shows the server's reason. `disabled` keeps the button from acting (it stays focusable); it also
 * does nothing while the call is under way. `className` is the button's look.
 */
export function ConfirmButton({
  label,
  rowName,
  question,
  act,
  success,
  onDone,
  disabled = false,
  className = 'button button-small button-outline',
}) {
  const [busy, setBusy] = useState(false);

  const confirmAndAct = async () => {
    if (disabled || busy || !window.confirm(question)) return;
    setBusy(true);
    const response = await act();
    setBusy(false);
    if (!response.ok) {
      notifyRefusal(response);
      return;
    }
    notifyDone(response, success);
    onDone?.();
  };

  return (
    <button
      type="button"
      className={className}
      onClick={confirmAndAct}
      aria-disabled={disabled || undefined}
      aria-busy={busy || undefined}
    >
      {label}
      {rowName && <span className="visually-hidden"> {rowName}</span>}
    </button>
  );
}
