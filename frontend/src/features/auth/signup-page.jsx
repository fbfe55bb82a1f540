// Registration: success stores the token (when given) and goes to /login. A taken email warns "User Already
// Exists!" and clears the form, as the spec says; any other refusal shows the server's reasons beside their fields
// (a too short or too common password, a bad email) and keeps what was typed but the password.
import { useNavigate } from 'react-router-dom';
import { Field } from '../../components/field.jsx';
import { FormActions } from '../../components/form-actions.jsx';
import { notifyRefusal, useForm } from '../../lib/api-hooks.js';
import { useSession } from '../../lib/session.js';
import { notify } from '../../lib/toast.js';
import { register } from './api.js';

const EMPTY = { firstname: '', lastname: '', department: '', year: '', email: '', password: '' };

export function SignupPage() {
  const { storeToken } = useSession();
  const navigate = useNavigate();
  const { field, setForm, submit, busy } = useForm(EMPTY, {
    send: register,
    onSuccess: (response) => {
      notify.success('User Registered Successfully');
      if (response.data?.token) storeToken(response.data.token);
      navigate('/login');
    },
    onRefusal: (response) => {
      if (response.status === 0) return;
      if (response.status === 409) {
        // The spec's warning, for the one refusal it describes: the email has an account already.
        notify.warning('User Already Exists!');
        setForm(EMPTY);
        return;
      }
      // Anything else (a field's reason, too many attempts): say so, keep what was typed but the password.
      notifyRefusal(response);
      setForm((typed) => ({ ...typed, password: '' }));
    },
  });

  return (
    <div className="page">
      <h1 className="page-title">Registration</h1>
      <form className="form-card" onSubmit={submit}>
        <Field label="First name" {...field('firstname')} autoComplete="given-name" />
        <Field label="Last name" {...field('lastname')} autoComplete="family-name" />
        <Field label="Department" {...field('department')} />
        <Field label="Year" {...field('year')} />
        <Field label="Email" type="email" {...field('email')} autoComplete="email" />
        <Field
          label="Password (8 to 72 characters)"
          type="password"
          {...field('password')}
          minLength={8}
          maxLength={72}
          autoComplete="new-password"
        />
        <FormActions submitLabel="REGISTER NOW" busy={busy} />
      </form>
    </div>
  );
}
