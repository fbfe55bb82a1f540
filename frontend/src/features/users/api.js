// Admin calls for user accounts (all need an admin's token, which the api client sends).
import { api } from '../../lib/api-client.js';

export const fetchUsers = () => api('/api/admin/users');

export const fetchUser = (id) => api(`/api/admin/users/${encodeURIComponent(id)}`);

/** `changes` is {firstname, lastname, email, isAdmin}: the server refuses any other field. */
export const updateUser = (id, changes) =>
  api(`/api/admin/users/update/${encodeURIComponent(id)}`, { method: 'PATCH', body: changes });

export const deleteUser = (id) => api(`/api/admin/users/delete/${encodeURIComponent(id)}`, { method: 'DELETE' });
