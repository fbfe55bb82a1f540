// /admin/users: the accounts a page at a time, searched by name or email, with delete and a link to each edit form.
import { DeleteButton } from '../../../components/admin/delete-button.jsx';
import { EditLink } from '../../../components/admin/edit-link.jsx';
import { PagedTable } from '../../../components/admin/paged-table.jsx';
import { usePagedList } from '../../../components/admin/use-paged-list.js';
import { deleteUser, fetchUsers } from '../api.js';

const sorts = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'name', label: 'Name' },
  { value: 'email', label: 'Email' },
];

const fullName = (user) => `${user.firstname} ${user.lastname}`.trim();

export function UsersPage() {
  const list = usePagedList(fetchUsers, { sorts });

  const columns = [
    { header: 'First Name', cell: (user) => user.firstname },
    { header: 'Last Name', cell: (user) => user.lastname },
    { header: 'Department', cell: (user) => user.department },
    { header: 'Year', cell: (user) => user.year },
    { header: 'Email', cell: (user) => user.email },
    { header: 'Admin', cell: (user) => (user.isAdmin ? 'Yes' : 'No') },
    {
      header: 'Delete',
      action: true,
      cell: (user) => (
        <DeleteButton
          rowName={fullName(user)}
          question={`Delete the account of ${fullName(user)} (${user.email})?`}
          remove={() => deleteUser(user._id)}
          success="User has been deleted"
          onDeleted={list.reload}
        />
      ),
    },
    {
      header: 'Update',
      action: true,
      cell: (user) => <EditLink to={`/admin/users/${user._id}/edit`} rowName={fullName(user)} />,
    },
  ];

  return (
    <PagedTable
      title="Users"
      list={list}
      noun="user"
      searchLabel="Search by name or email"
      columns={columns}
      empty="No users yet."
    />
  );
}
