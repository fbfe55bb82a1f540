// Login: success stores the token and reloads the whole app at /; a refusal shows 'Invalid Credentials'.
import { useState } from 'react';
import { Field } from '../../components/field.jsx';
import { useSession } from '../../lib/session.js';
import { flashAfterReload, notify } from '../../lib/toast.js';
import { login } from './api.js';

const EMPTY = { email: '', password: '' };

export function LoginPage() {
  const [form, setForm] = useState(EMPTY);
  const [sending, setSending] = useState(false);
  const { storeToken } = useSession();

  const change = (event) => setForm({ ...form, [event.target.name]: event.target.value });

  const submit = async (event) => {
    event.preventDefault();
    setSending(true);
    const response = await login(form);
    if (response.ok && response.data?.token) {
      // The reload would swallow a toast shown now, so it is shown once the app has started again.
      flashAfterReload('Login Successful !!!');
      storeToken(response.data.token);
      window.location.href = '/';
      return;
    }
    setSending(false);
    if (response.status !== 0) {
      notify.error('Invalid Credentials');
      setForm(EMPTY);
    }
  };

  return (
    <div className="page">
      <h1 className="page-title">Login</h1>
      <form className="form-card" onSubmit={submit}>
        <Field label="Email" name="email" type="email" value={form.email} onChange={change} autoComplete="email" />
        <Field label="Password" name="password" type="password" value={form.password} onChange={change} autoComplete="current-password" />
        <div className="form-actions">
          <button type="submit" className="button" disabled={sending}>
            Login NOW
          </button>
        </div>
      </form>
    </div>
  );
}
