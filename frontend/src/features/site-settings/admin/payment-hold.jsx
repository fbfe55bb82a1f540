// A change of the payment details waiting out the server's payment hold, as the Settings screen shows it to admins:
// when donors will see it, what it changes, and Cancel. A stranger's UPI ID slipped in by a rogue or careless admin
// would otherwise reach donors at once; while it waits, any admin can stop it.
import { useEffect, useRef, useState } from 'react';
import { Modal } from '../../../components/modal.jsx';
import { useAction } from '../../../lib/api-hooks.js';
import { siteClock, siteClockAndZone, siteDayOfMonth } from '../../../lib/site-time.js';
import { notify } from '../../../lib/toast.js';
import { cancelPaymentHold, fetchPaymentHold } from '../api.js';

/**
 * "New payment details take effect on 27 November at 6:05 pm IST", in the site's time zone with its name (no year:
 * a hold lasts hours or days).
 */
export function takesEffectSentence(takesEffectAt) {
  if (Number.isNaN(Date.parse(takesEffectAt))) return `New payment details take effect at ${takesEffectAt}`;
  return `New payment details take effect on ${siteDayOfMonth(takesEffectAt)} at ${siteClockAndZone(takesEffectAt)}`;
}

/**
 * The change waiting (null: none; undefined: not known yet) and its setter, read from the server once for an admin.
 * An editor is not asked: the hold is for admins, and the call would be refused.
 */
export function usePaymentHold(admin) {
  const [pending, setPending] = useState(undefined);
  useEffect(() => {
    if (!admin) return undefined;
    let live = true;
    fetchPaymentHold().then((response) => {
      if (!live) return;
      // A save answered meanwhile already said what waits: its word is the newer one. An answer that failed is taken
      // as nothing waiting, so the form still opens (the server measures every change against what waits anyway).
      const answered = response.ok ? (response.data?.pending ?? null) : null;
      setPending((known) => (known === undefined ? answered : known));
    });
    return () => {
      live = false;
    };
  }, [admin]);
  return [pending, setPending];
}

/** The waiting change's new values by setting: what the form shows, and measures the admin's edits against. */
export const waitingValues = (pending) =>
  Object.fromEntries((pending?.changes ?? []).map((change) => [change.field, change.new]));

/**
 * "Saved: donors see the new details from 29 November, 5:38 pm", in the site's time zone: the line under it, still
 * on the screen, names the zone.
 */
export function savedSentence(takesEffectAt) {
  if (Number.isNaN(Date.parse(takesEffectAt))) return `Saved: donors see the new details from ${takesEffectAt}`;
  return `Saved: donors see the new details from ${siteDayOfMonth(takesEffectAt)}, ${siteClock(takesEffectAt)}`;
}

/**
 * The waiting change, if any: its date, Cancel, and each field old → new (`names` gives each setting's name). The
 * form's fields show the new values; donors see the old ones until then. Cancel opens the site's own dialog, whose
 * buttons say what they do ("Stop the change", "Keep it waiting": never the browser's OK and Cancel, where "Cancel"
 * would keep the change); stopped, `onCancelled()` runs; kept, a toast says it still waits. `cancelled` says a change
 * was cancelled since (the line says so, and takes the focus the gone button had when the line first shows it).
 */
export function PaymentHold({ pending, names, cancelled, onCancelled }) {
  const said = useRef(null);
  const shown = Boolean(pending);
  const saysCancelled = !shown && cancelled;

  useEffect(() => {
    if (saysCancelled) said.current?.focus();
  }, [saysCancelled]);

  return (
    <div id="payment-hold" className={shown ? 'payment-hold payment-hold-waiting' : 'payment-hold'}>
      <p role="status" ref={said} tabIndex={-1} className="payment-hold-line">
        {shown && !pending.waitingForAlertMail && takesEffectSentence(pending.takesEffectAt)}
        {shown &&
          pending.waitingForAlertMail &&
          'New payment details wait past their hold until an alert email about them reaches someone; donors keep the old ones.'}
        {saysCancelled && 'The new payment details are cancelled: donors keep the ones they see.'}
      </p>
      {shown && (
        <>
          <StopDialog act={cancelPaymentHold} onStopped={onCancelled} />
          <p className="payment-hold-by">Changed by {pending.by}. Until then donors see the old details:</p>
          <ul className="payment-hold-changes">
            {(pending.changes ?? []).map((change) => (
              <li key={change.field}>
                {names[change.field] ?? change.field}: {change.old || '(empty)'} → {change.new || '(empty)'}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** The words of the payment hold's Cancel and its dialog (see StopDialog). */
const PAYMENT_WORDS = {
  hidden: ' the new payment details',
  title: 'Stop the new payment details?',
  explain: 'Stopped, they never reach donors, who keep the details they see now.',
  stop: 'Stop the change',
  done: 'The new payment details are cancelled',
  kept: 'Kept: the new payment details still wait',
};

/**
 * Cancel, and the dialog it opens: stop what waits (`act()`), or keep it waiting; each says its outcome. `words`:
 * the button's hidden rest of its name, the dialog's title and sentence, its stop button, and the toasts.
 */
export function StopDialog({ act, words = PAYMENT_WORDS, onStopped }) {
  const [open, setOpen] = useState(false);
  const { run, busy } = useAction(act, {
    success: words.done,
    onDone: () => {
      setOpen(false);
      onStopped();
    },
  });
  const keep = () => {
    setOpen(false);
    notify.success(words.kept);
  };
  return (
    <>
      <button type="button" className="button button-small button-outline" onClick={() => setOpen(true)}>
        Cancel<span className="visually-hidden">{words.hidden}</span>
      </button>
      <Modal open={open} title={words.title} onClose={() => setOpen(false)}>
        <p>{words.explain}</p>
        <div className="form-actions">
          <button type="button" className="button" onClick={run} aria-busy={busy || undefined}>
            {words.stop}
          </button>
          <button type="button" className="button button-outline" onClick={keep}>
            Keep it waiting
          </button>
        </div>
      </Modal>
    </>
  );
}
