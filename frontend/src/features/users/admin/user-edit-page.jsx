// /admin/users/{id}/edit: change a user's name, email and admin flag.
import { useCallback, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Field } from '../../../components/field.jsx';
import { FormMessage } from '../../../components/form-message.jsx';
import { useApiData, useApiSubmit } from '../../../lib/api-hooks.js';
import { notify } from '../../../lib/toast.js';
import { fetchUser, updateUser } from '../api.js';
import './users.css';

export function UserEditPage() {
  const { id } = useParams();
  const load = useCallback(() => fetchUser(id), [id]);
  const { data: user, loadFailed } = useApiData(load);

  if (!user) {
    return loadFailed ? (
      <p className="page-loading">
        This user could not be found. <Link to="/admin/users">Back to the users</Link>
      </p>
    ) : (
      <p className="page-loading">Loading…</p>
    );
  }
  return <UserEditForm key={user._id} user={user} />;
}

function UserEditForm({ user }) {
  const navigate = useNavigate();
  const [form, setForm] = useState({
    firstname: user.firstname ?? '',
    lastname: user.lastname ?? '',
    email: user.email ?? '',
    isAdmin: Boolean(user.isAdmin),
  });
  const { submit, busy, errors, message } = useApiSubmit(
    () => updateUser(user._id, form),
    () => {
      notify.success('Updated Successfully');
      navigate('/admin/users');
    },
  );

  const change = (event) => {
    const { name, type, checked, value } = event.target;
    setForm({ ...form, [name]: type === 'checkbox' ? checked : value });
  };

  return (
    <section>
      <h2>Edit user</h2>
      <form className="form-card" onSubmit={submit}>
        <Field
          label="First name"
          name="firstname"
          value={form.firstname}
          onChange={change}
          error={errors.firstname}
          required
          maxLength={100}
        />
        <Field
          label="Last name"
          name="lastname"
          value={form.lastname}
          onChange={change}
          error={errors.lastname}
          maxLength={100}
        />
        <Field
          label="Email"
          name="email"
          type="email"
          value={form.email}
          onChange={change}
          error={errors.email}
          required
        />
        <label className="field-check">
          <input type="checkbox" name="isAdmin" checked={form.isAdmin} onChange={change} />
          Admin
        </label>
        <FormMessage>{message}</FormMessage>
        <div className="form-actions">
          <button type="submit" className="button" disabled={busy}>
            UPDATE
          </button>
          <Link className="button button-outline" to="/admin/users">
            Cancel
          </Link>
        </div>
      </form>
    </section>
  );
}
