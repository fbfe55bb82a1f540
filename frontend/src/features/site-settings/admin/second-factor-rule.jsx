// "Staff must use a second factor" on the Settings screen (admins only): when on, an admin or editor without an
// authenticator app or a passkey is sent to their Account page after the password, and every admin call of theirs is
// refused until they set one up. Turning it off asks first: every admin is alerted.
import { useState } from 'react';
import { FormActions } from '../../../components/form-actions.jsx';
import { useUnsavedChanges } from '../../../components/admin/unsaved-changes.js';
import { notifyDone, useApiData, useForm } from '../../../lib/api-hooks.js';
import { Link } from '../../../lib/local-links.jsx';
import { notify } from '../../../lib/toast.js';
import { fetchSecondFactorRule, updateSettings } from '../api.js';

export function SecondFactorRule() {
  const { data, reload } = useApiData(fetchSecondFactorRule);
  if (!data) return null;
  return <SecondFactorForm key={String(data.requireSecondFactor)} status={data} onSaved={reload} />;
}

function SecondFactorForm({ status, onSaved }) {
  const saved = Boolean(status.requireSecondFactor);
  const [required, setRequired] = useState(saved);
  const { submit, busy, message } = useForm(
    {},
    {
      check: () => {
        if (required === saved) {
          notify.warning('Nothing has changed');
          return false;
        }
        return (
          required ||
          window.confirm(
            'Let staff sign in with a password alone? A stolen password would then open the admin area again. ' +
              'Every admin is alerted.',
          )
        );
      },
      send: () => updateSettings({ requireSecondFactor: required }),
      onSuccess: (response) => {
        notifyDone(response, 'Updated Successfully');
        onSaved();
      },
    },
  );
  useUnsavedChanges('Second factor', required !== saved);
  const ownFactor = status.totp || status.passkeys?.length > 0;
  return (
    <form className="form-card settings-form" onSubmit={submit} aria-labelledby="second-factor-rule-title">
      <h3 id="second-factor-rule-title">Second factor</h3>
      <p>
        With this on, every admin and editor must have an authenticator app or a passkey: one without is sent to their
        Account page after the password, and can use no admin screen until they have set one up.
      </p>
      {!ownFactor && (
        <p className="settings-note">
          You have no second factor yet: <Link to="/account#second-factor">set one up on your Account page</Link>{' '}
          first, or this rule will send you there too.
        </p>
      )}
      <label className="field-check">
        <input type="checkbox" checked={required} onChange={(event) => setRequired(event.target.checked)} />
        Staff must use a second factor
      </label>
      <FormActions submitLabel="Save second factor rule" busy={busy} message={message} unsaved={required !== saved} />
    </form>
  );
}
