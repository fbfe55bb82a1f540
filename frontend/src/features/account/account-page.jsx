// /account: a logged-in user changes their password; every other session of theirs is signed out by the server.
import { useEffect, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { Field } from '../../components/field.jsx';
import { FormActions } from '../../components/form-actions.jsx';
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
  const [mismatch, setMismatch] = useState(false);
  const { form, setForm, field, submit, busy, message } = useForm(EMPTY, {
    // The two new-password boxes must agree before anything is sent.
    check: (values) => {
      const same = values.newPassword === values.confirmPassword;
      setMismatch(!same);
      return same;
    },
    send: (values) => changePassword(values.currentPassword, values.newPassword),
    onSuccess: (response) => {
      if (response.data?.token) storeToken(response.data.token);
      notifyDone(response, 'Password changed');
      setForm(EMPTY);
    },
  });

  // The mismatch note goes as soon as the boxes agree again.
  useEffect(() => {
    if (form.newPassword === form.confirmPassword) setMismatch(false);
  }, [form.newPassword, form.confirmPassword]);

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
      <Field
        label="New password (8 to 72 characters)"
        type="password"
        {...field('newPassword')}
        required
        minLength={8}
        maxLength={72}
        autoComplete="new-password"
      />
      <Field
        label="Confirm new password"
        type="password"
        {...field('confirmPassword')}
        error={mismatch ? 'does not match the new password' : undefined}
        required
        autoComplete="new-password"
      />
      <FormActions submitLabel="Change password" busy={busy} message={message} />
    </form>
  );
}
