// Registration, login, current-user and forgotten-password calls.
import { api } from '../../lib/api-client.js';

export const register = (details) => api('/api/auth/register', { method: 'POST', body: details, auth: false });

export const login = (credentials) => api('/api/auth/login', { method: 'POST', body: credentials, auth: false });

export const fetchCurrentUser = () => api('/api/auth/user');

export const logout = () => api('/api/auth/logout', { method: 'POST' });

/** Whether "Forgot password?" can send a link: answers {available}. */
export const fetchPasswordResetAvailable = () => api('/api/auth/forgot-password', { auth: false });

export const requestPasswordReset = (email) =>
  api('/api/auth/forgot-password', { method: 'POST', body: { email }, auth: false });

/** Confirms a staff account's new email address with the link's secret. */
export const confirmEmail = (token) =>
  api('/api/auth/email-change', { method: 'POST', body: { token }, auth: false });

export const resetPassword = (token, password) =>
  api('/api/auth/reset-password', { method: 'POST', body: { token, password }, auth: false });
