// What could not be loaded, said as such (never as "nothing there"), with a Retry.
import { useState } from 'react';
import { useT } from '../lib/i18n.js';
import './load-failed.css';

/** `what` names what failed ("The notices"); `retry()` loads it again and may answer a promise. */
export function LoadFailed({ what, retry }) {
  const [busy, setBusy] = useState(false);
  const t = useT();
  const again = async () => {
    setBusy(true);
    await retry();
    setBusy(false);
  };
  return (
    <div className="load-failed" role="alert">
      <p>{t('common.loadFailed', { what })}</p>
      <button type="button" className="button" onClick={again} disabled={busy}>
        {busy ? t('common.retrying') : t('common.retry')}
      </button>
    </div>
  );
}
