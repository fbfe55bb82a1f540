// /admin/users: the accounts a page at a time, searched by name or email, with delete and a link to each edit form.
import { deleteColumn } from '../../../components/admin/delete-button.jsx';
import { EditLink } from '../../../components/admin/edit-link.jsx';
import { PagedTable } from '../../../components/admin/paged-table.jsx';
import { BY_NAME, NEWEST_FIRST, OLDEST_FIRST, usePagedList } from '../../../components/admin/use-paged-list.js';
import { deleteUser, fetchUsers } from '../api.js';

const sorts = [NEWEST_FIRST, OLDEST_FIRST, BY_NAME, { value: 'email', label: 'Email' }];

const fullName = (user) => `${user.firstname} ${user.lastname}`.trim();

/** The columns that only show an account; Delete and Update come after them. */
const shownColumns = [
  { header: 'First Name', cell: (user) => user.firstname },
  { header: 'Last Name', cell: (user) => user.lastname },
  { header: 'Department', cell: (user) => user.department },
  { header: 'Year', cell: (user) => user.year },
  { header: 'Email', cell: (user) => user.email },
  { header: 'Admin', cell: (user) => (user.isAdmin ? 'Yes' : 'No') },
];

export function UsersPage() {
  const list = usePagedList(fetchUsers, { sorts });

  const columns = [
    ...shownColumns,
    deleteColumn({
      rowName: fullName,
      question: (user) => `Delete the account of ${fullName(user)} (${user.email})?`,
      remove: deleteUser,
      success: 'User has been deleted',
      onDeleted: list.reload,
    }),
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
