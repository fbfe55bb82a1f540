// A button of an admin table that asks first, then acts and says so (a delete, signing an account out).
import { useAction } from '../../lib/api-hooks.js';

/**
 * `label` is the button's text; `rowName` completes its name for screen readers (which row); `question` is the
 * confirmation. Once `act()` succeeds, the toast shows the server's words (`success` without them) and `onDone()`
 * runs; a refusal shows the server's reason. `disabled` keeps the button from acting (it stays focusable); it also
 * does nothing while the call is under way. `className` is the button's look; `said(response)`, when given, says the
 * outcome instead of the toast.
 */
export function ConfirmButton({
  label,
  rowName,
  question,
  act,
  success,
  onDone,
  said,
  disabled = false,
  className = 'button button-small button-outline',
}) {
  const { run, busy } = useAction(act, { success, onDone, said });
  const confirmAndAct = () => {
    if (!disabled && !busy && window.confirm(question)) run();
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
