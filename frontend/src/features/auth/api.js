// Registration, login (with its second step and passkeys), current-user and forgotten-password calls.
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

/**
 * The second step of a login that answered {secondFactor: {ticket, methods}}: `code` is the app's 6 digits or a
 * recovery code. Answers like a login; 401 for a wrong code, 429 once the step is locked, 400 once the ticket expired.
 */
export const loginSecondFactor = (ticket, code) =>
  api('/api/auth/login/second-factor', { method: 'POST', body: { ticket, code }, auth: false });

/**
 * The challenge for signing in with a passkey: with the `ticket` of a password just typed (its second step), or
 * without one (a passkey alone, no address typed). Answers {challengeId, publicKey}.
 */
export const passkeySignInOptions = (ticket) =>
  api('/api/auth/passkeys/sign-in/options', { method: 'POST', body: ticket ? { ticket } : {}, auth: false });

/** The signed challenge: answers like a login. */
export const passkeySignIn = (signed) =>
  api('/api/auth/passkeys/sign-in', { method: 'POST', body: signed, auth: false });
