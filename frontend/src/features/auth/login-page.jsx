// Login: success stores the token and reloads the whole app at /; a refusal, whatever the server's reason, shows
// 'Invalid Credentials' and clears the form. "Forgot password?" is offered only when the site can email a link.
import { Link } from 'react-router-dom';
import { Field } from '../../components/field.jsx';
import { FormActions } from '../../components/form-actions.jsx';
import { useApiData, useForm } from '../../lib/api-hooks.js';
import { useSession } from '../../lib/session.js';
import { flashAfterReload, notify } from '../../lib/toast.js';
import { fetchPasswordResetAvailable, login } from './api.js';

const EMPTY = { email: '', password: '' };

export function LoginPage() {
  const { storeToken } = useSession();
  const { data: reset } = useApiData(fetchPasswordResetAvailable);

  const refuse = (response) => {
    if (response.status === 0) return;
    notify.error('Invalid Credentials');
    setForm(EMPTY);
  };

  const { form, setForm, change, submit, busy } = useForm(EMPTY, {
    send: login,
    onSuccess: (response) => {
      if (!response.data?.token) {
        refuse(response);
        return;
      }
      // The reload would swallow a toast shown now, so it is shown once the app has started again.
      flashAfterReload('Login Successful !!!');
      storeToken(response.data.token);
      window.location.href = '/';
    },
    onRefusal: refuse,
  });

  return (
    <div className="page">
      <h1 className="page-title">Login</h1>
      <form className="form-card" onSubmit={submit}>
        <Field label="Email" name="email" type="email" value={form.email} onChange={change} autoComplete="email" />
        <Field
          label="Password"
          name="password"
          type="password"
          value={form.password}
          onChange={change}
          autoComplete="current-password"
        />
        <FormActions submitLabel="Login NOW" busy={busy} />
        {reset?.available && (
          <p className="form-link">
            <Link to="/forgot-password">Forgot password?</Link>
          </p>
        )}
      </form>
    </div>
  );
}
