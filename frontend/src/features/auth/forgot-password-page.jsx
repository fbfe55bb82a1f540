// /forgot-password: a visitor asks for a link to reset their password. The answer is the same whether or not the
// email has an account, so the page says what the server says and nothing more.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Field } from '../../components/field.jsx';
import { FormActions } from '../../components/form-actions.jsx';
import { useForm } from '../../lib/api-hooks.js';
import { notify } from '../../lib/toast.js';
import { requestPasswordReset } from './api.js';

export function ForgotPasswordPage() {
  const [answer, setAnswer] = useState('');
  const { field, submit, busy, message } = useForm(
    { email: '' },
    {
      send: (values) => requestPasswordReset(values.email),
      onSuccess: (response) => {
        const text = response.data?.msg ?? 'A link to reset your password is on its way.';
        setAnswer(text);
        notify.success(text);
      },
    },
  );
  return (
    <div className="page">
      <h1 className="page-title">Forgot password</h1>
      <form className="form-card" onSubmit={submit} aria-describedby="forgot-help">
        <p id="forgot-help">
          Type the email of your account. We will send it a link to choose a new password; the link works once, for
          one hour.
        </p>
        <Field label="Email" type="email" {...field('email')} required autoComplete="email" />
        <FormActions submitLabel="Send me a link" busy={busy} message={message} />
        <p role="status" className="form-answer">
          {answer}
        </p>
        <p>
          <Link to="/login">Back to login</Link>
        </p>
      </form>
    </div>
  );
}
