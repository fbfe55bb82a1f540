// Login: success stores the token and reloads the whole app at /; a refusal, whatever the server's reason, shows
// 'Invalid Credentials' and clears the form (in Bengali, too many tries say so). "Forgot password?" is offered only
// when the site can email a link.
import { Field } from '../../components/field.jsx';
import { FormActions, refusalIn } from '../../components/form-actions.jsx';
import { CurrentPasswordField } from '../../components/password-fields.jsx';
import { useApiData, useForm } from '../../lib/api-hooks.js';
import { inLanguage, useT } from '../../lib/i18n.js';
import { Link } from '../../lib/local-links.jsx';
import { useSession } from '../../lib/session.js';
import { flashAfterReload, notify } from '../../lib/toast.js';
import { fetchPasswordResetAvailable, login } from './api.js';

const EMPTY = { email: '', password: '' };

/** What a refused login says in Bengali: wrong email or password, unless the site itself is what failed. */
const meaning = ({ status }) => ([429, 500, 503, 507].includes(status) ? undefined : 'auth.login.refused');

export function LoginPage() {
  const { storeToken } = useSession();
  const { data: reset } = useApiData(fetchPasswordResetAvailable);
  const t = useT();

  const refuse = (response) => {
    if (response.status === 0) return;
    const refusal = { status: response.status, message: response.data?.message ?? '' };
    notify.error(refusalIn(t.lang, refusal, t('auth.login.refused'), meaning));
    setForm(EMPTY);
  };

  const { setForm, field, submit, busy } = useForm(EMPTY, {
    send: login,
    onSuccess: (response) => {
      if (!response.data?.token) {
        refuse(response);
        return;
      }
      // The reload would swallow a toast shown now, so it is shown once the app has started again.
      flashAfterReload(t('auth.login.done'));
      storeToken(response.data.token);
      window.location.href = inLanguage('/', t.lang);
    },
    onRefusal: refuse,
  });

  // Every refusal is the one sentence above: no field says which of the two the server found wrong.
  const credential = (name) => ({ ...field(name), error: undefined });

  return (
    <div className="page">
      <h1 className="page-title">{t('auth.login.title')}</h1>
      <form className="form-card" onSubmit={submit}>
        <Field label={t('auth.email')} type="email" {...credential('email')} autoComplete="email" />
        <CurrentPasswordField label={t('auth.password')} {...credential('password')} />
        <FormActions submitLabel={t('auth.login.submit')} busy={busy} />
        {reset?.available && (
          <p className="form-link">
            <Link to="/forgot-password">{t('auth.login.forgot')}</Link>
          </p>
        )}
      </form>
    </div>
  );
}
