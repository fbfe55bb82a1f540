// Calls for user accounts: the admins' (users, sessions, reset links, invitations; the api client sends their token)
// and the invited person's, who has no account or session yet.
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

/** Removes the account's authenticator app, passkeys and recovery codes (both admins are mailed); answers {msg}. */
export const removeSecondFactor = (userId) =>
  api(`/api/admin/users/${id(userId)}/second-factor`, { method: 'DELETE' });

/**
 * A link for the account's owner to choose a new password (for when email cannot bring them one); answers
 * {link, mailed, expiresAt}, the link this once.
 */
export const makeResetLink = (userId) => api(`/api/admin/users/${id(userId)}/reset-link`, { method: 'POST' });

/** Invites `email` as an admin or editor; answers {id, email, role, expiresAt, link, mailed}, the link this once. */
export const invite = (invitation) => api('/api/admin/invitations', { method: 'POST', body: invitation });

/** The invitations not yet accepted, with `_id` as the admin tables key rows. */
export async function fetchInvitations() {
  const response = await api('/api/admin/invitations');
  if (!response.ok || !Array.isArray(response.data)) return response;
  return { ...response, data: response.data.map((invitation) => ({ ...invitation, _id: invitation.id })) };
}

export const revokeInvitation = (invitationId) =>
  api(`/api/admin/invitations/${id(invitationId)}`, { method: 'DELETE' });

/** What the invitation link is for: answers {email, role, existingAccount}, or 400 when it no longer works. */
export const fetchInvitationDetails = (token) =>
  api('/api/auth/invitation/details', { method: 'POST', body: { token }, auth: false });

/**
 * Accepts the invitation: a new account's {firstname, lastname, password}, or an existing account's own
 * {password}. Answers like a login: {msg, token, userId, role}.
 */
export const acceptInvitation = (token, details) =>
  api('/api/auth/invitation', { method: 'POST', body: { token, ...details }, auth: false });
