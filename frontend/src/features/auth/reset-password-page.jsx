// /reset-password#token=…: the page a reset email links to. The secret travels in the fragment, which no server or
// proxy log and no Referer carries (the server sends an older email's ?token= link here too). The new password
// follows the registration rules; once it is set, every session of the account is signed out and the visitor logs
// in with it.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { FormActions } from '../../components/form-actions.jsx';
import { NewPasswordFields, usePasswordCopy } from '../../components/new-password-fields.jsx';
import { notifyDone, useForm } from '../../lib/api-hooks.js';
import { resetPassword } from './api.js';

const EMPTY = { password: '', confirmPassword: '' };

export function ResetPasswordPage() {
  const [token] = useState(takeToken);
  const navigate = useNavigate();
  const copy = usePasswordCopy('password');
  const { form, field, submit, busy, message } = useForm(EMPTY, {
    check: copy.agree,
    send: (values) => resetPassword(token, values.password),
    onSuccess: (response) => {
      notifyDone(response, 'Your password has been changed.');
      navigate('/login');
    },
  });

  return (
    <div className="page">
      <h1 className="page-title">Choose a new password</h1>
      <form className="form-card" onSubmit={submit}>
        <NewPasswordFields field={field} name="password" mismatch={copy.mismatch(form)} />
        <FormActions submitLabel="Set new password" busy={busy} message={message} />
        {message && (
          <p>
            <Link to="/forgot-password">Ask for a new link</Link>
          </p>
        )}
      </form>
    </div>
  );
}

/** The link's secret, read once; the address bar keeps the page without it. */
function takeToken() {
  const fromFragment = new URLSearchParams(window.location.hash.slice(1)).get('token');
  const token = fromFragment ?? new URLSearchParams(window.location.search).get('token') ?? '';
  if (token) window.history.replaceState(window.history.state, '', window.location.pathname);
  return token;
}
