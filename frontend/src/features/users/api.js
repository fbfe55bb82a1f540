// Admin calls for user accounts and their sessions (all need an admin's token, which the api client sends).
import { api } from '../../lib/api-client.js';

const id = (value) => encodeURIComponent(value);

/** One page of the accounts: `query` is {page, size, sort, q, role}; answers {items, total, page, size}. */
export const fetchUsers = (query) => api('/api/admin/users', { query });

export const fetchUser = (userId) => api(`/api/admin/users/${id(userId)}`);

/** `changes` is {firstname, lastname, email, isAdmin, role}: the server refuses any other field. */
export const updateUser = (userId, changes) =>
  api(`/api/admin/users/update/${id(userId)}`, { method: 'PATCH', body: changes });

export const deleteUser = (userId) => api(`/api/admin/users/delete/${id(userId)}`, { method: 'DELETE' });

/** Ends every session of the account; answers {msg}. */
export const signOutEverywhere = (userId) => api(`/api/admin/users/${id(userId)}/sign-out`, { method: 'POST' });
