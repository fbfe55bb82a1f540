// /reset-password#token=…: the page a reset email links to (see link-token.js for where its secret travels). The new
// password follows the registration rules; once it is set, every session of the account is signed out and the
// visitor logs in with it.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { FormActions } from '../../components/form-actions.jsx';
import { NewPasswordFields, usePasswordCopy } from '../../components/new-password-fields.jsx';
import { notifyDone, useForm } from '../../lib/api-hooks.js';
import { takeLinkToken } from '../../lib/link-token.js';
import { resetPassword } from './api.js';

const EMPTY = { password: '', confirmPassword: '' };

export function ResetPasswordPage() {
  const [token] = useState(takeLinkToken);
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
