// What could not be loaded, said as such (never as "nothing there"), with a Retry.
import { useState } from 'react';
import './load-failed.css';

/** `what` names what failed ("The notices"); `retry()` loads it again and may answer a promise. */
export function LoadFailed({ what, retry }) {
  const [busy, setBusy] = useState(false);
  const again = async () => {
    setBusy(true);
    await retry();
    setBusy(false);
  };
  return (
    <div className="load-failed" role="alert">
      <p>{what} could not be loaded. Check the connection and try again.</p>
      <button type="button" className="button" onClick={again} disabled={busy}>
        {busy ? 'Trying again…' : 'Retry'}
      </button>
    </div>
  );
}
