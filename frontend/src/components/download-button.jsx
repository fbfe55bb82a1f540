// A button that downloads a file from the API with the admin's token: disabled and saying so while the file
// comes; a refusal shows the server's reason in an error toast.
import { useState } from 'react';
import { download } from '../lib/file-transfer.js';
import { notifyRefusal } from '../lib/api-hooks.js';
import { useT } from '../lib/i18n.js';

export function DownloadButton({ path, fallbackName, children, className = 'button' }) {
  const [busy, setBusy] = useState(false);
  const t = useT();

  const start = async () => {
    setBusy(true);
    const response = await download(path, fallbackName);
    setBusy(false);
    if (!response.ok) notifyRefusal(response);
  };

  return (
    <button type="button" className={className} onClick={start} disabled={busy} aria-busy={busy}>
      {busy ? t('common.downloading') : children}
    </button>
  );
}
