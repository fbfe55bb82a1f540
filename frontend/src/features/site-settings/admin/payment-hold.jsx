// A change of the payment details waiting out the server's payment hold, as the Settings screen shows it to admins:
// when donors will see it, what it changes, and Cancel. A stranger's UPI ID slipped in by a rogue or careless admin
// would otherwise reach donors at once; while it waits, any admin can stop it.
import { useEffect, useRef, useState } from 'react';
import { ConfirmButton } from '../../../components/admin/confirm-button.jsx';
import { formatter } from '../../../lib/formats.js';
import { cancelPaymentHold, fetchPaymentHold } from '../api.js';

// In the admin's own time zone, as a person says it: "27 November", "18:05". No year: a hold lasts hours or days.
const dayFormat = formatter(() => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long' }));
const timeFormat = formatter(
  () => new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
);

/** "New payment details take effect on 27 November at 18:05", in the browser's time zone. */
export function takesEffectSentence(takesEffectAt) {
  const time = Date.parse(takesEffectAt);
  if (Number.isNaN(time)) return `New payment details take effect at ${takesEffectAt}`;
  return `New payment details take effect on ${dayFormat().format(time)} at ${timeFormat().format(time)}`;
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
 * The waiting change, if any: its date, Cancel, and each field old → new (`names` gives each setting's name). The
 * form's fields show the new values; donors see the old ones until then. Cancel asks first, then runs
 * `onCancelled()`; `cancelled` says a change was cancelled since (the line says so, and takes the focus the gone
 * button had when the line first shows it).
 */
export function PaymentHold({ pending, names, cancelled, onCancelled }) {
  const said = useRef(null);
  const shown = Boolean(pending);
  const saysCancelled = !shown && cancelled;

  useEffect(() => {
    if (saysCancelled) said.current?.focus();
  }, [saysCancelled]);

  return (
    <div className={shown ? 'payment-hold payment-hold-waiting' : 'payment-hold'}>
      <p role="status" ref={said} tabIndex={-1} className="payment-hold-line">
        {shown && !pending.waitingForAlertMail && takesEffectSentence(pending.takesEffectAt)}
        {shown &&
          pending.waitingForAlertMail &&
          'New payment details wait past their hold: no alert email about them has reached an admin or the server’s alert addresses yet. Donors keep the old details until one does.'}
        {saysCancelled && 'The new payment details are cancelled: donors keep the ones they see.'}
      </p>
      {shown && (
        <>
          <ConfirmButton
            label="Cancel"
            rowName="the new payment details"
            question="Cancel the new payment details? Donors keep seeing the ones they see now."
            act={cancelPaymentHold}
            success="The new payment details are cancelled"
            onDone={onCancelled}
          />
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
