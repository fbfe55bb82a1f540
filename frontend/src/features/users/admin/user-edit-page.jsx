// /admin/users/{id}/edit: change a user's name, email and admin flag.
import { EditPage } from '../../../components/admin/edit-page.jsx';
import { Field } from '../../../components/field.jsx';
import { fetchUser, updateUser } from '../api.js';
import './users.css';

/** The server takes exactly these fields; it refuses any other. */
const editable = (user) => ({
  firstname: user.firstname ?? '',
  lastname: user.lastname ?? '',
  email: user.email ?? '',
  isAdmin: Boolean(user.isAdmin),
});

export function UserEditPage() {
  return (
    <EditPage title="Edit user" noun="user" list="/admin/users" load={fetchUser} initial={editable} send={updateUser}>
      {({ field, form, change }) => (
        <>
          <Field label="First name" {...field('firstname')} required maxLength={100} />
          <Field label="Last name" {...field('lastname')} maxLength={100} />
          <Field label="Email" type="email" {...field('email')} required />
          <label className="field-check">
            <input type="checkbox" name="isAdmin" checked={form.isAdmin} onChange={change} />
            Admin
          </label>
        </>
      )}
    </EditPage>
  );
}
