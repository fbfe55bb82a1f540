// Admin calls for user accounts (all need an admin's token, which the api client sends).
import { api } from '../../lib/api-client.js';

/** One page of the accounts: `query` is {page, size, sort, q}; answers {items, total, page, size}. */
export const fetchUsers = (query) => api('/api/admin/users', { query });

export const fetchUser = (id) => api(`/api/admin/users/${encodeURIComponent(id)}`);

/** `changes` is {firstname, lastname, email, isAdmin}: the server refuses any other field. */
export const updateUser = (id, changes) =>
  api(`/api/admin/users/update/${encodeURIComponent(id)}`, { method: 'PATCH', body: changes });

export const deleteUser = (id) => api(`/api/admin/users/delete/${encodeURIComponent(id)}`, { method: 'DELETE' });
