// A photo still in use is refused by the server, which names where it is used; the toast after that refusal offers
// to delete it from those places too. Asked first; deleted, it waits in the bin like any photo, and its Undo (or a
// restore from the Bin) shows it in those places again.
import { notifyDeleted } from '../../../components/admin/undo.jsx';
import { notifyRefusal } from '../../../lib/api-hooks.js';
import { heldWhileFocused, notify } from '../../../lib/toast.js';
import { deletePhoto } from '../api.js';

/** How long the offer stays. */
const OFFER_MS = 15_000;

/**
 * Deletes photo `id` as the Delete button asks; when it is refused for its uses, offers (in a toast of its own,
 * beside the refusal) to delete it from those places too. `onDeleted()` runs once it is gone or back.
 */
export async function deleteOfferingUses(id, onDeleted) {
  const response = await deletePhoto(id);
  if (response.status === 409 && !/Support page in Settings/.test(response.data?.message ?? '')) {
    offer(id, onDeleted);
  }
  return response;
}

function offer(id, onDeleted) {
  notify.lasting(
    ({ closeToast, toastProps }) => (
      <span className="undo-toast">
        Delete it from those places too?{' '}
        <button
          type="button"
          className="button button-small button-outline undo-button"
          {...heldWhileFocused(toastProps)}
          onClick={async (event) => {
            event.stopPropagation();
            const sure = window.confirm(
              `Delete photo no. ${id} from every place that shows it? Those places show no photo until it is restored from the Bin.`,
            );
            if (!sure) return;
            closeToast?.();
            const response = await deletePhoto(id, { withUses: true });
            if (!response.ok) return notifyRefusal(response);
            notifyDeleted(response, 'Photo deleted', { kind: 'media', id, onRestored: onDeleted });
            onDeleted?.();
          }}
        >
          Delete it there too
        </button>
      </span>
    ),
    OFFER_MS,
  );
}
