// /reset-password?token=…: the page a reset email links to. The new password follows the registration rules; once
// it is set, every session of the account is signed out and the visitor logs in with it.
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Field } from '../../components/field.jsx';
import { FormActions } from '../../components/form-actions.jsx';
import { notifyDone, useForm } from '../../lib/api-hooks.js';
import { resetPassword } from './api.js';

const EMPTY = { password: '', confirmPassword: '' };

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [mismatch, setMismatch] = useState(false);
  const { form, field, submit, busy, message } = useForm(EMPTY, {
    check: (values) => {
      const same = values.password === values.confirmPassword;
      setMismatch(!same);
      return same;
    },
    send: (values) => resetPassword(token, values.password),
    onSuccess: (response) => {
      notifyDone(response, 'Your password has been changed.');
      navigate('/login');
    },
  });

  useEffect(() => {
    if (form.password === form.confirmPassword) setMismatch(false);
  }, [form.password, form.confirmPassword]);

  return (
    <div className="page">
      <h1 className="page-title">Choose a new password</h1>
      <form className="form-card" onSubmit={submit}>
        <Field
          label="New password (8 to 72 characters)"
          type="password"
          {...field('password')}
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
