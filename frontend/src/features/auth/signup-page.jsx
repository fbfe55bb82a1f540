// Registration: success stores the token (when given) and goes to /login; any refusal warns and clears the form,
// and the server's reasons (a too short or too common password, a bad email) stay beside their fields.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Field } from '../../components/field.jsx';
import { useSession } from '../../lib/session.js';
import { notify } from '../../lib/toast.js';
import { register } from './api.js';

const EMPTY = { firstname: '', lastname: '', department: '', year: '', email: '', password: '' };

export function SignupPage() {
  const [form, setForm] = useState(EMPTY);
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState({});
  const { storeToken } = useSession();
  const navigate = useNavigate();

  const change = (event) => setForm({ ...form, [event.target.name]: event.target.value });

  const submit = async (event) => {
    event.preventDefault();
    setSending(true);
    setErrors({});
    const response = await register(form);
    setSending(false);
    if (response.ok) {
      notify.success('User Registered Successfully');
      if (response.data?.token) storeToken(response.data.token);
      navigate('/login');
    } else if (response.status !== 0) {
      notify.warning('User Already Exists!');
      setErrors(response.data?.errors ?? {});
      setForm(EMPTY);
    }
  };

  return (
    <div className="page">
      <h1 className="page-title">Registration</h1>
      <form className="form-card" onSubmit={submit}>
        <Field label="First name" name="firstname" error={errors.firstname} value={form.firstname} onChange={change} autoComplete="given-name" />
        <Field label="Last name" name="lastname" error={errors.lastname} value={form.lastname} onChange={change} autoComplete="family-name" />
        <Field label="Department" name="department" error={errors.department} value={form.department} onChange={change} />
        <Field label="Year" name="year" error={errors.year} value={form.year} onChange={change} />
        <Field label="Email" name="email" type="email" error={errors.email} value={form.email} onChange={change} autoComplete="email" />
        <Field
          label="Password (8 to 72 characters)"
          name="password"
          type="password"
          error={errors.password}
          value={form.password}
          onChange={change}
          minLength={8}
          maxLength={72}
          autoComplete="new-password"
        />
        <div className="form-actions">
          <button type="submit" className="button" disabled={sending}>
            REGISTER NOW
          </button>
        </div>
      </form>
    </div>
  );
}
