// The authenticator app, as a second factor: set up by scanning its QR code (or typing its key) and confirming with a
// first code; removed with the account's password.
import { useEffect, useRef, useState } from 'react';
import { CopyButton } from '../../components/copy-button.jsx';
import { Field } from '../../components/field.jsx';
import { FormActions, notifyDoneIn, notifyRefusalIn } from '../../components/form-actions.jsx';
import { Modal } from '../../components/modal.jsx';
import { CurrentPasswordField } from '../../components/password-fields.jsx';
import { useForm } from '../../lib/api-hooks.js';
import { useT } from '../../lib/i18n.js';
import { confirmTotp, removeTotp, startTotp } from './api.js';

/** `on`: the account has an app. `onAdded(response)` and `onRemoved()` follow a change. */
export function AuthenticatorApp({ on, onAdded, onRemoved }) {
  const t = useT();
  const [setup, setSetup] = useState(null);
  const [removing, setRemoving] = useState(false);
  const [busy, setBusy] = useState(false);
  const heading = useRef(null);
  // Removed, the app's popup closes and its button goes: the focus comes to the part's heading once the popup is shut.
  const removed = useRef(false);
  useEffect(() => {
    if (removing || !removed.current) return;
    removed.current = false;
    heading.current.focus();
  }, [removing]);

  const start = async () => {
    setBusy(true);
    const response = await startTotp();
    setBusy(false);
    if (response.ok) setSetup(response.data);
    else notifyRefusalIn(t.lang, response);
  };
  // The button pressed is gone once the app is added or the setup left: the focus goes back to the part's heading.
  const done = (response) => {
    setSetup(null);
    heading.current.focus();
    if (response) onAdded(response);
  };

  let body;
  if (on) {
    body = (
      <>
        <p>{t('account.app.on')}</p>
        <button type="button" className="button button-outline" onClick={() => setRemoving(true)}>
          {t('account.app.remove')}
        </button>
        <Modal open={removing} title={t('account.app.removeTitle')} onClose={() => setRemoving(false)}>
          <RemoveAppForm
            onClose={() => setRemoving(false)}
            onRemoved={() => {
              removed.current = true;
              setRemoving(false);
              onRemoved();
            }}
          />
        </Modal>
      </>
    );
  } else if (setup) {
    body = <AppSetup setup={setup} onDone={done} />;
  } else {
    body = (
      <>
        <p>{t('account.app.help')}</p>
        <button type="button" className="button" onClick={start} disabled={busy}>
          {t('account.app.setUp')}
        </button>
      </>
    );
  }
  return (
    <div className="second-factor-part">
      <h3 ref={heading} tabIndex={-1}>
        {t('account.app.title')}
      </h3>
      {body}
    </div>
  );
}

/** The QR drawing as an image: the server's SVG never becomes part of the page, so nothing in it can run. */
const svgImage = (svg) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** The key in groups of four, as apps show and take it (the copy is the key without spaces). */
const grouped = (secret) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** Scan (or type the key), then the first code. `onDone(response)` once confirmed; `onDone()` to leave it. */
function AppSetup({ setup, onDone }) {
  const t = useT();
  const start = useRef(null);
  useEffect(() => start.current.focus(), []);
  const { field, submit, busy, errors } = useForm(
    { code: '' },
    {
      send: ({ code }) => confirmTotp(code.replace(/\s/g, '')),
      onRefusal: (response) => {
        if (!response.data?.errors?.code) notifyRefusalIn(t.lang, response);
      },
      onSuccess: (response) => {
        notifyDoneIn(t.lang, response, t('account.app.added'));
        onDone(response);
      },
    },
  );
  const wrong = errors.code && (t.lang !== 'en' ? t('account.app.wrongCode') : errors.code);
  return (
    <div className="second-factor-setup">
      <p ref={start} tabIndex={-1}>
        {t('account.app.scan')}
      </p>
      <img
        className="second-factor-qr"
        src={svgImage(setup.qrSvg)}
        alt={t('account.app.qrAlt')}
        width="200"
        height="200"
      />
      <p>{t('account.app.orType')}</p>
      <p className="second-factor-key">
        <code lang="en">{grouped(setup.secret)}</code> <CopyButton value={setup.secret} label={t('account.app.key')} />
      </p>
      <form onSubmit={submit}>
        <Field
          label={t('account.app.code')}
          {...field('code')}
          error={wrong}
          required
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={8}
        />
        <FormActions submitLabel={t('account.app.confirm')} busy={busy}>
          <button type="button" className="button button-outline" onClick={() => onDone()}>
            {t('account.cancel')}
          </button>
        </FormActions>
      </form>
    </div>
  );
}

/** The password, asked before the app stops being a factor. */
function RemoveAppForm({ onClose, onRemoved }) {
  const t = useT();
  const { field, submit, busy } = useForm(
    { password: '' },
    {
      send: ({ password }) => removeTotp(password),
      onRefusal: (response) => {
        if (!response.data?.errors?.password) notifyRefusalIn(t.lang, response);
      },
      onSuccess: (response) => {
        notifyDoneIn(t.lang, response, t('account.app.removed'));
        onRemoved();
      },
    },
  );
  return (
    <form onSubmit={submit}>
      <p>{t('account.app.removeHelp')}</p>
      <CurrentPasswordField label={t('account.password.current')} {...field('password')} required />
      <FormActions submitLabel={t('account.app.removeSubmit')} busy={busy}>
        <button type="button" className="button button-outline" onClick={onClose}>
          {t('account.cancel')}
        </button>
      </FormActions>
    </form>
  );
}
