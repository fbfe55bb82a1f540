// /reset-password#token=…: the page a reset email links to (see link-token.js for where its secret travels). The new
// password follows the registration rules; once it is set, every session of the account is signed out and the
// visitor logs in with it.
import { useState } from 'react';
import { FormActions, notifyRefusalIn, refusalIn } from '../../components/form-actions.jsx';
import { NewPasswordFields, usePasswordCopy } from '../../components/password-fields.jsx';
import { notifyDone, useForm } from '../../lib/api-hooks.js';
import { useT } from '../../lib/i18n.js';
import { takeLinkToken } from '../../lib/link-token.js';
import { Link, useNavigate } from '../../lib/local-links.jsx';
import { notify } from '../../lib/toast.js';
import { resetPassword } from './api.js';

const EMPTY = { password: '', confirmPassword: '' };

/** A refusal naming no field: the link no longer works (whatever the reason, the server says only that). */
const meaning = ({ status, errors }) =>
  status === 400 && !Object.keys(errors ?? {}).length ? 'auth.reset.linkUsed' : undefined;

export function ResetPasswordPage() {
  const [token] = useState(takeLinkToken);
  const navigate = useNavigate();
  const t = useT();
  const copy = usePasswordCopy('password');
  const { form, field, submit, busy, message, status, errors } = useForm(EMPTY, {
    check: copy.agree,
    send: (values) => resetPassword(token, values.password),
    onRefusal: (response) => notifyRefusalIn(t.lang, response, meaning),
    onSuccess: (response) => {
      if (t.lang !== 'en') notify.success(t('auth.reset.done'));
      else notifyDone(response, t('auth.reset.done'));
      navigate('/login');
    },
  });

  return (
    <div className="page">
      <h1 className="page-title">{t('auth.reset.title')}</h1>
      <form className="form-card" onSubmit={submit}>
        <NewPasswordFields field={field} name="password" mismatch={copy.mismatch(form)} />
        <FormActions
          submitLabel={t('auth.reset.submit')}
          busy={busy}
          message={message && refusalIn(t.lang, { status, message, errors }, message, meaning)}
        />
        {message && (
          <p>
            <Link to="/forgot-password">{t('auth.reset.askAgain')}</Link>
          </p>
        )}
      </form>
    </div>
  );
}
