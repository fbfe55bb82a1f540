// /admin/users: every account, with delete and a link to its edit form.
import { DataTable, useTableRows } from '../../../components/admin/data-table.jsx';
import { DeleteButton } from '../../../components/admin/delete-button.jsx';
import { EditLink } from '../../../components/admin/edit-link.jsx';
import { deleteUser, fetchUsers } from '../api.js';

const fullName = (user) => `${user.firstname} ${user.lastname}`.trim();

export function UsersPage() {
  const { reload, ...list } = useTableRows(fetchUsers);

  const columns = [
    { header: 'First Name', cell: (user) => user.firstname },
    { header: 'Last Name', cell: (user) => user.lastname },
    { header: 'Department', cell: (user) => user.department },
    { header: 'Year', cell: (user) => user.year },
    { header: 'Email', cell: (user) => user.email },
    { header: 'Admin', cell: (user) => (user.isAdmin ? 'Yes' : 'No') },
    {
      header: 'Delete',
      cell: (user) => (
        <DeleteButton
          rowName={fullName(user)}
          question={`Delete the account of ${fullName(user)} (${user.email})?`}
          remove={() => deleteUser(user._id)}
          success="User has been deleted"
          onDeleted={reload}
        />
      ),
    },
    { header: 'Update', cell: (user) => <EditLink to={`/admin/users/${user._id}/edit`} rowName={fullName(user)} /> },
  ];

  return <DataTable title="Users" columns={columns} empty="No users yet." {...list} />;
}
