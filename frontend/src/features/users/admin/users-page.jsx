// /admin/users: every account, with delete and a link to its edit form.
import { Link } from 'react-router-dom';
import { DataTable } from '../../../components/admin/data-table.jsx';
import { deleteAfterConfirm, useApiData } from '../../../lib/api-hooks.js';
import { deleteUser, fetchUsers } from '../api.js';

const columns = ['First Name', 'Last Name', 'Department', 'Year', 'Email', 'Admin', 'Delete', 'Update'];

export function UsersPage() {
  const { data: users, loadFailed, reload } = useApiData(fetchUsers);

  const remove = (user) =>
    deleteAfterConfirm(
      `Delete the account of ${fullName(user)} (${user.email})?`,
      () => deleteUser(user._id),
      'User has been deleted',
      reload,
    );

  return (
    <DataTable title="Users" columns={columns} rows={users} loadFailed={loadFailed} empty="No users yet.">
      {(user) => (
        <tr key={user._id}>
          <td>{user.firstname}</td>
          <td>{user.lastname}</td>
          <td>{user.department}</td>
          <td>{user.year}</td>
          <td>{user.email}</td>
          <td>{user.isAdmin ? 'Yes' : 'No'}</td>
          <td>
            <button type="button" className="button button-small button-danger" onClick={() => remove(user)}>
              Delete<span className="visually-hidden"> {fullName(user)}</span>
            </button>
          </td>
          <td>
            <Link to={`/admin/users/${user._id}/edit`}>
              Edit<span className="visually-hidden"> {fullName(user)}</span>
            </Link>
          </td>
        </tr>
      )}
    </DataTable>
  );
}

const fullName = (user) => `${user.firstname} ${user.lastname}`.trim();
