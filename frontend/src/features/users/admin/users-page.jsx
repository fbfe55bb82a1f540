// /admin/users: the accounts a page at a time, searched by name or email and filtered by role, with each one's role
// and last sign-in, delete, a link to its edit form, "Sign out everywhere", a password reset link and, for an account
// with a second factor, its removal (a lost phone); and the team's invitations.
import { Received } from '../../../components/admin/cells.jsx';
import { ConfirmButton } from '../../../components/admin/confirm-button.jsx';
import { deleteColumn } from '../../../components/admin/delete-button.jsx';
import { EditLink } from '../../../components/admin/edit-link.jsx';
import { FilterChoice } from '../../../components/admin/list-controls.jsx';
import { PagedTable } from '../../../components/admin/paged-table.jsx';
import { BY_NAME, NEWEST_FIRST, OLDEST_FIRST, usePagedList } from '../../../components/admin/use-paged-list.js';
import { useApiData } from '../../../lib/api-hooks.js';
import { deleteUser, fetchInvitations, fetchUsers, removeSecondFactor, signOutEverywhere } from '../api.js';
import { ROLE_NAMES } from '../roles.js';
import { InviteDialog } from './invite-dialog.jsx';
import { PendingInvitations } from './pending-invitations.jsx';
import { ResetLinkDialog } from './reset-link-dialog.jsx';

const sorts = [NEWEST_FIRST, OLDEST_FIRST, BY_NAME, { value: 'email', label: 'Email' }];
const filters = ['role'];
const roleChoices = [
  ['', 'All'],
  ['admin', 'Admins'],
  ['editor', 'Editors'],
  ['user', 'Users'],
];

const fullName = (user) => `${user.firstname} ${user.lastname}`.trim();

/** The columns that only show an account (the spec's, then role and last sign-in); the actions come after them. */
const shownColumns = [
  { header: 'First Name', cell: (user) => user.firstname },
  { header: 'Last Name', cell: (user) => user.lastname },
  { header: 'Department', cell: (user) => user.department },
  { header: 'Year', cell: (user) => user.year, className: 'cell-words' },
  { header: 'Email', cell: (user) => user.email, className: 'cell-address' },
  { header: 'Admin', cell: (user) => (user.isAdmin ? 'Yes' : 'No'), className: 'cell-words' },
  { header: 'Role', cell: (user) => ROLE_NAMES[user.role] ?? user.role, className: 'cell-words' },
  {
    header: 'Last sign-in',
    cell: (user) => (user.lastSignInAt ? <Received timestamp={user.lastSignInAt} /> : 'Never'),
    className: 'cell-words',
  },
];

export function UsersPage() {
  const list = usePagedList(fetchUsers, { sorts, filters });
  const invitations = useApiData(fetchInvitations);
  const shownRole = roleChoices.find(([value]) => value && value === list.filters.role)?.[1];

  const columns = [
    ...shownColumns,
    deleteColumn({
      rowName: fullName,
      question: (user) => `Delete the account of ${fullName(user)} (${user.email})?`,
      remove: deleteUser,
      success: 'User has been deleted',
      onDeleted: list.reload,
      bin: 'user',
    }),
    {
      header: 'Update',
      action: true,
      cell: (user) => <EditLink to={`/admin/users/${user._id}/edit`} rowName={fullName(user)} />,
    },
    {
      // The ways back into an account, one above the other, so the table fits a laptop's width.
      header: 'Sign-in',
      action: true,
      cell: (user) => (
        <span className="table-buttons">
          <ConfirmButton
            label="Sign out everywhere"
            rowName={fullName(user)}
            question={`Sign ${fullName(user)} (${user.email}) out on every device?`}
            act={() => signOutEverywhere(user._id)}
            success="Signed out everywhere"
          />
          <ResetLinkDialog user={user} name={fullName(user) || user.email} />
          {user.secondFactor && (
            <ConfirmButton
              label="Remove second factor"
              rowName={fullName(user)}
              question={
                `Remove the second factor of ${fullName(user)} (${user.email})? Their authenticator app, ` +
                'passkeys and recovery codes stop working, and they sign in with their password alone until ' +
                'they set up a new one. You and they are both emailed.'
              }
              act={() => removeSecondFactor(user._id)}
              success="Second factor removed"
              onDone={list.reload}
            />
          )}
        </span>
      ),
    },
  ];

  return (
    <div className="admin-stack">
      <PagedTable
        title="Users"
        actions={<InviteDialog onInvited={invitations.reload} />}
        list={list}
        noun="user"
        searchLabel="Search by name or email"
        filters={<FilterChoice list={list} name="role" label="Role" options={roleChoices} />}
        columns={columns}
        empty={shownRole ? `No ${shownRole.toLowerCase()} yet.` : 'No users yet.'}
      />
      <PendingInvitations invitations={invitations} />
    </div>
  );
}
