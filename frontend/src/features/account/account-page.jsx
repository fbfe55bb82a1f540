// /account: a logged-in user changes their password (every other session of theirs is signed out by the server) and
// sets up their second factors.
import { FormActions, notifyDoneIn, notifyRefusalIn, refusalIn } from '../../components/form-actions.jsx';
import { CurrentPasswordField, NewPasswordFields, usePasswordCopy } from '../../components/password-fields.jsx';
import { useForm } from '../../lib/api-hooks.js';
import { useT } from '../../lib/i18n.js';
import { Navigate } from '../../lib/local-links.jsx';
import { useSession } from '../../lib/session.js';
import { changePassword } from './api.js';
import { SecondFactorSection } from './second-factor-section.jsx';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function AccountPage() {
  const { token, loading } = useSession();
  const t = useT();
  if (!token) return <Navigate to="/login" replace />;
  return (
    <div className="page">
      <h1 className="page-title">{t('account.title')}</h1>
      {loading ? (
        <p className="page-loading">{t('common.loading')}</p>
      ) : (
        <>
          <PasswordForm />
          <SecondFactorSection />
        </>
      )}
    </div>
  );
}

function PasswordForm() {
  const { storeToken } = useSession();
  const copy = usePasswordCopy('newPassword');
  const t = useT();
  const { form, setForm, field, submit, busy, message, status, errors } = useForm(EMPTY, {
    // The two new-password boxes must agree before anything is sent.
    check: copy.agree,
    send: (values) => changePassword(values.currentPassword, values.newPassword),
    onRefusal: (response) => notifyRefusalIn(t.lang, response),
    onSuccess: (response) => {
      if (response.data?.token) storeToken(response.data.token);
      notifyDoneIn(t.lang, response, t('account.password.done'));
      setForm(EMPTY);
    },
  });

  return (
    <form className="form-card" onSubmit={submit} aria-labelledby="password-title">
      <h2 id="password-title">{t('account.password.title')}</h2>
      <CurrentPasswordField label={t('account.password.current')} {...field('currentPassword')} required />
      <NewPasswordFields field={field} name="newPassword" mismatch={copy.mismatch(form)} />
      <FormActions
        submitLabel={t('account.password.submit')}
        busy={busy}
        message={message && refusalIn(t.lang, { status, message, errors }, message)}
      />
    </form>
  );
}
