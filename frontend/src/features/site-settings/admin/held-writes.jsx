// Admins' writes that name a UPI ID other than the site's own (a notice, a caption, a photo of a UPI QR code), held
// by the server like new payment details: the Settings screen lists each with when visitors would see it, and
// Cancel. Donors see one UPI ID; while such a write waits, any admin can stop it.
import { useEffect, useState } from 'react';
import { siteClockAndZone, siteDayOfMonth } from '../../../lib/site-time.js';
import { cancelHeldWrite, fetchHeldWrites } from '../api.js';
import { StopDialog } from './payment-hold.jsx';

/** The writes waiting (undefined until the server has answered), read once for an admin; an editor is not asked. */
function useHeldWrites(admin) {
  const [held, setHeld] = useState(undefined);
  useEffect(() => {
    if (!admin) return undefined;
    let live = true;
    fetchHeldWrites().then((response) => {
      if (live) setHeld(response.ok ? (response.data?.held ?? []) : []);
    });
    return () => {
      live = false;
    };
  }, [admin]);
  return [held, setHeld];
}

/** "on 29 November at 6:05 pm IST", in the site's time zone. */
function when(at) {
  if (Number.isNaN(Date.parse(at))) return `at ${at}`;
  return `on ${siteDayOfMonth(at)} at ${siteClockAndZone(at)}`;
}

/** The held writes, if any, each with Cancel; nothing at all while none waits. */
export function HeldWrites({ admin }) {
  const [held, setHeld] = useHeldWrites(admin);
  if (!admin || !held?.length) return null;
  const stopped = (id) => setHeld((writes) => writes.filter((write) => write._id !== id));
  return (
    <section id="held-writes" className="form-card settings-form held-writes" aria-labelledby="held-writes-title">
      <h3 id="held-writes-title">Texts naming another UPI ID, waiting</h3>
      <p>
        Donors see one UPI ID. These name another, so they wait like new payment details, and every admin was
        alerted. Visitors see each at the time it gives, unless an admin cancels it.
      </p>
      <ul className="held-writes-list">
        {held.map((write) => (
          <li key={write._id}>
            <p>
              <strong>{write.what.charAt(0).toUpperCase() + write.what.slice(1)}</strong> by {write.by}: {write.field} names the UPI ID <code>{write.upiId}</code>.{' '}
              {write.waitingForAlertMail
                ? 'It waits past its hold until an alert email about it reaches someone.'
                : `Visitors see it ${when(write.takesEffectAt)}.`}
            </p>
            <StopDialog
              act={() => cancelHeldWrite(write._id)}
              words={{
                hidden: ` ${write.what} naming ${write.upiId}`,
                title: 'Stop this text?',
                explain: 'Stopped, visitors never see it: nothing of it is saved.',
                stop: 'Stop it',
                done: 'Cancelled: visitors will not see it',
                kept: 'Kept: it still waits',
              }}
              onStopped={() => stopped(write._id)}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
