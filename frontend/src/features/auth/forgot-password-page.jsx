// /forgot-password: a visitor asks for a link to reset their password. The answer is the same whether or not the
// email has an account, so the page says what the server says and nothing more. When the site cannot send email
// (reached by address, as the login page then offers no link), it says to ask an admin instead of promising a mail.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Field } from '../../components/field.jsx';
import { FormActions } from '../../components/form-actions.jsx';
import { useApiData, useForm } from '../../lib/api-hooks.js';
import { notify } from '../../lib/toast.js';
import { fetchPasswordResetAvailable, requestPasswordReset } from './api.js';

export function ForgotPasswordPage() {
  const { data: reset } = useApiData(fetchPasswordResetAvailable);
  if (reset && !reset.available) {
    return (
      <div className="page">
        <h1 className="page-title">Forgot password</h1>
        <div className="form-card">
          <p>
            This site cannot send email yet, so no link can reach you. Ask an admin of the site: on the Users screen
            they can make you a link to choose a new password, which works once, for one hour.
          </p>
          <p>
            <Link to="/login">Back to login</Link>
          </p>
        </div>
      </div>
    );
  }
  return <AskForLink />;
}

/** The form that asks for a link by email. */
function AskForLink() {
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
