// /account: a logged-in user changes their password; every other session of theirs is signed out by the server.
import { Navigate } from 'react-router-dom';
import { Field } from '../../components/field.jsx';
import { FormActions } from '../../components/form-actions.jsx';
import { NewPasswordFields, usePasswordCopy } from '../../components/new-password-fields.jsx';
import { notifyDone, useForm } from '../../lib/api-hooks.js';
import { useSession } from '../../lib/session.js';
import { changePassword } from './api.js';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function AccountPage() {
  const { token, loading } = useSession();
  if (!token) return <Navigate to="/login" replace />;
  return (
    <div className="page">
      <h1 className="page-title">Your account</h1>
      {loading ? <p className="page-loading">Loading…</p> : <PasswordForm />}
    </div>
  );
}

function PasswordForm() {
  const { storeToken } = useSession();
  const copy = usePasswordCopy('newPassword');
  const { form, setForm, field, submit, busy, message } = useForm(EMPTY, {
    // The two new-password boxes must agree before anything is sent.
    check: copy.agree,
    send: (values) => changePassword(values.currentPassword, values.newPassword),
    onSuccess: (response) => {
      if (response.data?.token) storeToken(response.data.token);
      notifyDone(response, 'Password changed');
      setForm(EMPTY);
    },
  });

  return (
    <form className="form-card" onSubmit={submit} aria-labelledby="password-title">
      <h2 id="password-title">Change password</h2>
      <Field
        label="Current password"
        type="password"
        {...field('currentPassword')}
        required
        autoComplete="current-password"
      />
      <NewPasswordFields field={field} name="newPassword" mismatch={copy.mismatch(form)} />
      <FormActions submitLabel="Change password" busy={busy} message={message} />
    </form>
  );
}
