// Undo where the mistake happens: the toast that says a record was deleted offers Undo for 10 seconds, which puts it
// back from the bin (POST /api/admin/bin/{kind}/{id}/restore) and reloads the list.
import { api } from '../../lib/api-client.js';
import { notifyRefusal } from '../../lib/api-hooks.js';
import { heldWhileFocused, notify } from '../../lib/toast.js';

/** How long the toast, and with it the Undo, stays. */
export const UNDO_MS = 10_000;

/** Puts record `id` of `kind` back from the bin (and what was deleted at once with it). Answers {msg, restored}. */
export const restoreFromBin = (kind, id) =>
  api(`/api/admin/bin/${encodeURIComponent(kind)}/${encodeURIComponent(id)}/restore`, { method: 'POST' });

/**
 * The toast for a delete: the server's words (`fallback` without them) and an Undo button that restores record `id`
 * of `kind`, then runs `onRestored()`. The toast is an alert, so a screen reader says its words and the button's.
 */
export function notifyDeleted(response, fallback, { kind, id, onRestored }) {
  const words = response.data?.msg || fallback;
  notify.lasting(
    ({ closeToast, toastProps }) => (
      <span className="undo-toast">
        {words}{' '}
        <button
          type="button"
          className="button button-small button-outline undo-button"
          {...heldWhileFocused(toastProps)}
          onClick={async (event) => {
            event.stopPropagation();
            closeToast?.();
            const restored = await restoreFromBin(kind, id);
            if (!restored.ok) return notifyRefusal(restored);
            notify.success('Restored');
            onRestored?.();
          }}
        >
          Undo
        </button>
      </span>
    ),
    UNDO_MS,
  );
}
