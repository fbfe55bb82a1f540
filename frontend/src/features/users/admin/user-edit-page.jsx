// /admin/users/{id}/edit: change a user's name, email and role (the spec's admin checkbox and the role choice
// agree: ticking Admin makes the role Admin, choosing another role unticks it).
import { EditPage } from '../../../components/admin/edit-page.jsx';
import { CopyButton } from '../../../components/copy-button.jsx';
import { Field } from '../../../components/field.jsx';
import { fetchUser, updateUser } from '../api.js';
import { ROLE_NAMES } from '../roles.js';
import './one-time-link.css';
import './users.css';

/** The server takes exactly these fields; it refuses any other. */
const editable = (user) => ({
  firstname: user.firstname ?? '',
  lastname: user.lastname ?? '',
  email: user.email ?? '',
  isAdmin: Boolean(user.isAdmin),
  role: user.role ?? (user.isAdmin ? 'admin' : 'user'),
});

/**
 * A staff account's new address waits for its owner to confirm it (the server answers `pendingEmail`, and
 * `confirmLink` when email could not carry the link): said before going back to the list.
 */
function pendingEmail(response) {
  const user = response.data ?? {};
  if (!user.pendingEmail) return null;
  const link = user.confirmLink && new URL(user.confirmLink, window.location.origin).href;
  return (
    <>
      <p role="status">
        Saved. The new address {user.pendingEmail} takes effect when its owner opens the link{' '}
        {link ? 'below (email could not carry it: pass it on yourself)' : 'emailed to it'}; until then the account keeps {user.email}, and every admin and{' '}
        {user.email} have been alerted.
      </p>
      {link && (
        <div className="one-time-link-box">
          <Field
            label="Link that confirms the new address"
            value={link}
            readOnly
            onFocus={(event) => event.target.select()}
          />
          <CopyButton value={link} label="Link that confirms the new address" />
        </div>
      )}
    </>
  );
}

export function UserEditPage() {
  return (
    <EditPage
      title="Edit user"
      noun="user"
      list="/admin/users"
      load={fetchUser}
      initial={editable}
      send={updateUser}
      saved={pendingEmail}
    >
      {({ field, form, set }) => {
        const chooseRole = (role) => {
          set('role', role);
          set('isAdmin', role === 'admin');
        };
        // Unticking Admin leaves an admin a plain user, as the spec's isAdmin: false does on the server.
        const tickAdmin = (admin) => chooseRole(admin ? 'admin' : 'user');
        return (
          <>
            <Field label="First name" {...field('firstname')} required maxLength={100} />
            <Field label="Last name" {...field('lastname')} maxLength={100} />
            <Field label="Email" type="email" {...field('email')} required />
            <label className="field-check">
              <input
                type="checkbox"
                name="isAdmin"
                checked={form.isAdmin}
                onChange={(event) => tickAdmin(event.target.checked)}
              />
              Admin
            </label>
            <Field
              label="Role"
              as="select"
              {...field('role')}
              onChange={(event) => chooseRole(event.target.value)}
              options={Object.entries(ROLE_NAMES)}
            />
          </>
        );
      }}
    </EditPage>
  );
}
