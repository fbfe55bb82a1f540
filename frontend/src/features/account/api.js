// The signed-in user's own account calls.
import { api } from '../../lib/api-client.js';

/** Answers {msg, token}: the new token replaces the old one, which the server no longer accepts. */
export const changePassword = (currentPassword, newPassword) =>
  api('/api/auth/password', { method: 'POST', body: { currentPassword, newPassword } });
