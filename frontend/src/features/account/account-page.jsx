// /account: a logged-in user changes their password; every other session of theirs is signed out by the server.
import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import { Field } from '../../components/field.jsx';
import { FormMessage } from '../../components/form-message.jsx';
import { notifyDone, useApiSubmit } from '../../lib/api-hooks.js';
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
  const [form, setForm] = useState(EMPTY);
  const [mismatch, setMismatch] = useState(false);
  const { submit, busy, errors, message } = useApiSubmit(
    () => changePassword(form.currentPassword, form.newPassword),
    (response) => {
      if (response.data?.token) storeToken(response.data.token);
      notifyDone(response, 'Password changed');
      setForm(EMPTY);
    },
  );

  const change = (event) => {
    const next = { ...form, [event.target.name]: event.target.value };
    setForm(next);
    if (mismatch && next.newPassword === next.confirmPassword) setMismatch(false);
  };

  // The two new-password boxes must agree before anything is sent.
  const send = (event) => {
    if (form.newPassword !== form.confirmPassword) {
      event.preventDefault();
      setMismatch(true);
      return;
    }
    submit(event);
  };

  return (
    <form className="form-card" onSubmit={send} aria-labelledby="password-title">
      <h2 id="password-title">Change password</h2>
      <Field
        label="Current password"
        name="currentPassword"
        type="password"
        value={form.currentPassword}
        onChange={change}
        error={errors.currentPassword}
        required
        autoComplete="current-password"
      />
      <Field
        label="New password (8 to 72 characters)"
        name="newPassword"
        type="password"
        value={form.newPassword}
        onChange={change}
        error={errors.newPassword}
        required
        minLength={8}
        maxLength={72}
        autoComplete="new-password"
      />
      <Field
        label="Confirm new password"
        name="confirmPassword"
        type="password"
        value={form.confirmPassword}
        onChange={change}
        error={mismatch ? 'does not match the new password' : undefined}
        required
        autoComplete="new-password"
      />
      <FormMessage>{message}</FormMessage>
      <div className="form-actions">
        <button type="submit" className="button" disabled={busy}>
          Change password
        </button>
      </div>
    </form>
  );
}
