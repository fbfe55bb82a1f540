// /forgot-password: a visitor asks for a link to reset their password. The answer is the same whether or not the
// email has an account, so the page says what the server says and nothing more. When the site cannot send email
// (reached by address, as the login page then offers no link), it says to ask an admin instead of promising a mail.
import { useState } from 'react';
import { Field } from '../../components/field.jsx';
import { FormActions, notifyRefusalIn, refusalIn } from '../../components/form-actions.jsx';
import { useApiData, useForm } from '../../lib/api-hooks.js';
import { useT } from '../../lib/i18n.js';
import { Link } from '../../lib/local-links.jsx';
import { notify } from '../../lib/toast.js';
import { fetchPasswordResetAvailable, requestPasswordReset } from './api.js';

export function ForgotPasswordPage() {
  const { data: reset } = useApiData(fetchPasswordResetAvailable);
  const t = useT();
  if (reset && !reset.available) {
    return (
      <div className="page">
        <h1 className="page-title">{t('auth.forgot.title')}</h1>
        <div className="form-card">
          <p>{t('auth.forgot.noEmail')}</p>
          <p>
            <Link to="/login">{t('auth.backToLogin')}</Link>
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
  const t = useT();
  const { field, submit, busy, message, status, errors } = useForm(
    { email: '' },
    {
      send: (values) => requestPasswordReset(values.email),
      onRefusal: (response) => notifyRefusalIn(t.lang, response),
      onSuccess: (response) => {
        // The server's answer is the same for every email; in Bengali the catalog says what it says.
        const text = t.lang !== 'en' ? t('auth.forgot.sent') : (response.data?.msg ?? t('auth.forgot.sent'));
        setAnswer(text);
        notify.success(text);
      },
    },
  );
  return (
    <div className="page">
      <h1 className="page-title">{t('auth.forgot.title')}</h1>
      <form className="form-card" onSubmit={submit} aria-describedby="forgot-help">
        <p id="forgot-help">{t('auth.forgot.help')}</p>
        <Field label={t('auth.email')} type="email" {...field('email')} required autoComplete="email" />
        <FormActions
          submitLabel={t('auth.forgot.submit')}
          busy={busy}
          message={message && refusalIn(t.lang, { status, message, errors }, message)}
        />
        <p role="status" className="form-answer">
          {answer}
        </p>
        <p>
          <Link to="/login">{t('auth.backToLogin')}</Link>
        </p>
      </form>
    </div>
  );
}
