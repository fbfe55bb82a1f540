// Recovery codes: how many are left, new ones (the old stop working), and the panel that shows a new set this once,
// to copy, download as a text file or print, for when the phone or the passkey is not at hand.
import { useEffect, useRef, useState } from 'react';
import { CopyButton } from '../../components/copy-button.jsx';
import { notifyRefusalIn } from '../../components/form-actions.jsx';
import { saveFile } from '../../lib/file-transfer.js';
import { useT } from '../../lib/i18n.js';
import { newRecoveryCodes } from './api.js';

/** `left` codes unused; `hasFactor`: codes exist only beside an app or a passkey; `onNew(codes)` shows a new set. */
export function RecoveryCodes({ left, hasFactor, onNew }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const renew = async () => {
    if (busy || !window.confirm(t('account.codes.newQuestion'))) return;
    setBusy(true);
    const response = await newRecoveryCodes();
    setBusy(false);
    if (response.ok) onNew(response.data?.recoveryCodes ?? []);
    else notifyRefusalIn(t.lang, response);
  };
  return (
    <div className="second-factor-part">
      <h3>{t('account.codes.title')}</h3>
      {hasFactor ? (
        <>
          <p>{t('account.codes.left', { count: left })}</p>
          <button type="button" className="button button-outline" onClick={renew} disabled={busy}>
            {t('account.codes.new')}
          </button>
        </>
      ) : (
        <p>{t('account.codes.none')}</p>
      )}
    </div>
  );
}

/** The codes, shown once: `onDone()` when the person has kept them. */
export function RecoveryCodesPanel({ codes, onDone }) {
  const t = useT();
  const heading = useRef(null);
  useEffect(() => heading.current.focus(), [codes]);

  const asText = () =>
    [t('account.codes.fileTitle', { site: window.location.host }), '', ...codes, '', t('account.codes.keep'), ''].join(
      '\n',
    );
  const download = () =>
    saveFile(new Blob([asText()], { type: 'text/plain;charset=utf-8' }), 'jyoti-recovery-codes.txt');
  // The page prints only the panel while it is asked to (second-factor.css).
  const print = () => {
    const body = document.body.classList;
    body.add('printing-codes');
    window.addEventListener('afterprint', () => body.remove('printing-codes'), { once: true });
    window.print();
  };

  return (
    <section className="recovery-codes" aria-labelledby="recovery-codes-title">
      <h3 id="recovery-codes-title" ref={heading} tabIndex={-1}>
        {t('account.codes.panelTitle')}
      </h3>
      <p>{t('account.codes.keep')}</p>
      <p>{t('account.codes.once')}</p>
      <ol>
        {codes.map((code) => (
          <li key={code}>
            <code lang="en">{code}</code>
          </li>
        ))}
      </ol>
      <div className="form-actions">
        <CopyButton value={codes.join('\n')} label={t('account.codes.what')} />
        <button type="button" className="button button-outline" onClick={download}>
          {t('account.codes.download')}
        </button>
        <button type="button" className="button button-outline" onClick={print}>
          {t('account.codes.print')}
        </button>
        <button type="button" className="button" onClick={onDone}>
          {t('account.codes.done')}
        </button>
      </div>
    </section>
  );
}
