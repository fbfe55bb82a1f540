// Registration: success stores the token (when given) and goes to /login. A taken email warns "User Already
// Exists!" and clears the form, as the spec says; any other refusal shows the server's reasons beside their fields
// (a too short or too common password, a bad email) and keeps what was typed but the password.
import { Field } from '../../components/field.jsx';
import { FormActions, notifyRefusalIn } from '../../components/form-actions.jsx';
import { useForm } from '../../lib/api-hooks.js';
import { useT } from '../../lib/i18n.js';
import { useNavigate } from '../../lib/local-links.jsx';
import { useSession } from '../../lib/session.js';
import { notify } from '../../lib/toast.js';
import { register } from './api.js';

const EMPTY = { firstname: '', lastname: '', department: '', year: '', email: '', password: '' };

export function SignupPage() {
  const { storeToken } = useSession();
  const navigate = useNavigate();
  const t = useT();
  const { field, setForm, submit, busy } = useForm(EMPTY, {
    send: register,
    onSuccess: (response) => {
      notify.success(t('auth.signup.done'));
      if (response.data?.token) storeToken(response.data.token);
      navigate('/login');
    },
    onRefusal: (response) => {
      if (response.status === 0) return;
      if (response.status === 409) {
        // The spec's warning, for the one refusal it describes: the email has an account already.
        notify.warning(t('auth.signup.exists'));
        setForm(EMPTY);
        return;
      }
      // Anything else (a field's reason, too many attempts): say so, keep what was typed but the password.
      notifyRefusalIn(t.lang, response);
      setForm((typed) => ({ ...typed, password: '' }));
    },
  });

  return (
    <div className="page">
      <h1 className="page-title">{t('auth.signup.title')}</h1>
      <form className="form-card" onSubmit={submit}>
        <Field label={t('auth.signup.firstname')} {...field('firstname')} autoComplete="given-name" />
        <Field label={t('auth.signup.lastname')} {...field('lastname')} autoComplete="family-name" />
        <Field label={t('auth.signup.department')} {...field('department')} />
        <Field label={t('auth.signup.year')} {...field('year')} />
        <Field label={t('auth.email')} type="email" {...field('email')} autoComplete="email" />
        <Field
          label={t('auth.signup.password')}
          type="password"
          {...field('password')}
          minLength={8}
          maxLength={72}
          autoComplete="new-password"
        />
        <FormActions submitLabel={t('auth.signup.submit')} busy={busy} />
      </form>
    </div>
  );
}
