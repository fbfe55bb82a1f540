// Passkeys, as a second factor and a way to sign in with nothing to type: each named, listed with when it was added
// and last used, renamed or removed here; a new one is made by this browser (its screen lock: fingerprint, face, PIN).
import { useEffect, useRef, useState } from 'react';
import { Field, latinOn } from '../../components/field.jsx';
import { FormActions, notifyDoneIn, notifyRefusalIn } from '../../components/form-actions.jsx';
import { Modal } from '../../components/modal.jsx';
import { formatDay } from '../../lib/days.js';
import { useForm } from '../../lib/api-hooks.js';
import { useT } from '../../lib/i18n.js';
import { createPasskey, passkeysSupported } from '../../lib/passkeys.js';
import { siteDate } from '../../lib/site-time.js';
import { notify } from '../../lib/toast.js';
import { passkeyRegistrationOptions, registerPasskey, removePasskey, renamePasskey } from './api.js';

/** `passkeys` as the server lists them; `onAdded(response)` and `onChanged()` follow a change. */
export function Passkeys({ passkeys, onAdded, onChanged }) {
  const t = useT();
  const heading = useRef(null);
  // A passkey removed takes its buttons with it: the focus comes to the part's heading.
  const removed = () => {
    heading.current.focus();
    onChanged();
  };
  return (
    <div className="second-factor-part">
      <h3 ref={heading} tabIndex={-1}>
        {t('account.passkeys.title')}
      </h3>
      <p>{t('account.passkeys.help')}</p>
      {passkeys.length > 0 ? (
        <ul className="passkey-list">
          {passkeys.map((passkey) => (
            <PasskeyItem key={passkey.id} passkey={passkey} onRenamed={onChanged} onRemoved={removed} />
          ))}
        </ul>
      ) : (
        <p>{t('account.passkeys.none')}</p>
      )}
      {passkeysSupported() ? <AddPasskey onAdded={onAdded} /> : <p>{t('account.passkeys.unsupported')}</p>}
    </div>
  );
}

function PasskeyItem({ passkey, onRenamed, onRemoved }) {
  const t = useT();
  const [renaming, setRenaming] = useState(false);
  const day = (timestamp) => formatDay(siteDate(timestamp), t.lang);
  const name = <span lang={latinOn(t.lang, passkey.name)}>{passkey.name}</span>;

  const remove = async () => {
    if (!window.confirm(t('account.passkeys.removeQuestion', { name: passkey.name }))) return;
    const response = await removePasskey(passkey.id);
    if (!response.ok) {
      notifyRefusalIn(t.lang, response);
      return;
    }
    notifyDoneIn(t.lang, response, t('account.passkeys.removed'));
    onRemoved();
  };

  return (
    <li>
      <span className="passkey-name">{name}</span>
      <span>
        {passkey.lastUsedAt
          ? t('account.passkeys.dates', { day: day(passkey.createdAt), used: day(passkey.lastUsedAt) })
          : t('account.passkeys.datesUnused', { day: day(passkey.createdAt) })}
      </span>
      <span className="passkey-actions">
        <button type="button" className="button button-outline" onClick={() => setRenaming(true)}>
          {t('account.passkeys.rename')}
          <span className="visually-hidden"> {name}</span>
        </button>
        <button type="button" className="button button-outline" onClick={remove}>
          {t('account.passkeys.remove')}
          <span className="visually-hidden"> {name}</span>
        </button>
      </span>
      <Modal
        open={renaming}
        title={t('account.passkeys.renameTitle', { name: passkey.name })}
        onClose={() => setRenaming(false)}
      >
        <RenameForm
          passkey={passkey}
          onClose={() => setRenaming(false)}
          onRenamed={() => {
            setRenaming(false);
            onRenamed();
          }}
        />
      </Modal>
    </li>
  );
}

function RenameForm({ passkey, onClose, onRenamed }) {
  const t = useT();
  const { field, submit, busy } = useForm(
    { name: passkey.name },
    {
      send: ({ name }) => renamePasskey(passkey.id, name.trim()),
      onRefusal: (response) => {
        if (!response.data?.errors?.name) notifyRefusalIn(t.lang, response);
      },
      onSuccess: (response) => {
        notifyDoneIn(t.lang, response, t('account.passkeys.renamed'));
        onRenamed();
      },
    },
  );
  return (
    <form onSubmit={submit}>
      <Field label={t('account.passkeys.name')} {...field('name')} required maxLength={60} autoComplete="off" />
      <FormActions submitLabel={t('account.passkeys.save')} busy={busy}>
        <button type="button" className="button button-outline" onClick={onClose}>
          {t('account.cancel')}
        </button>
      </FormActions>
    </form>
  );
}

/** A name, then the browser's own window makes the passkey. */
function AddPasskey({ onAdded }) {
  const t = useT();
  const [name, setName] = useState('');
  const [error, setError] = useState(undefined);
  const [busy, setBusy] = useState(false);
  const box = useRef(null);
  const [added, setAdded] = useState(0);
  useEffect(() => {
    if (added) box.current.querySelector('input').focus();
  }, [added]);

  const add = async (event) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(undefined);
    const options = await passkeyRegistrationOptions();
    if (!options.ok) {
      setBusy(false);
      notifyRefusalIn(t.lang, options);
      return;
    }
    const { credential, failure } = await createPasskey(options.data.publicKey);
    if (failure) {
      setBusy(false);
      notify.error(t(`form.passkey.${failure}`));
      return;
    }
    const response = await registerPasskey(options.data.challengeId, name.trim(), credential);
    setBusy(false);
    if (!response.ok) {
      setError(response.data?.errors?.name);
      if (!response.data?.errors?.name) notifyRefusalIn(t.lang, response);
      return;
    }
    notifyDoneIn(t.lang, response, t('account.passkeys.addedToast'));
    setName('');
    // The first factor's recovery codes take the focus to their panel; else it waits here for another passkey.
    if (!response.data?.recoveryCodes?.length) setAdded((count) => count + 1);
    onAdded(response);
  };

  return (
    <form onSubmit={add} ref={box}>
      <Field
        label={t('account.passkeys.newName')}
        name="name"
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          setError(undefined);
        }}
        error={error}
        required
        maxLength={60}
        autoComplete="off"
      />
      <FormActions submitLabel={t('account.passkeys.add')} busy={busy} />
    </form>
  );
}
