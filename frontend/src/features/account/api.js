// The signed-in user's own account calls: the password, and the second factors (an authenticator app, passkeys,
// recovery codes). No answer after setup holds a secret: the app's key is shown once, the codes once.
import { api } from '../../lib/api-client.js';

/** Answers {msg, token}: the new token replaces the old one, which the server no longer accepts. */
export const changePassword = (currentPassword, newPassword) =>
  api('/api/auth/password', { method: 'POST', body: { currentPassword, newPassword } });

/**
 * What protects the account: {requireSecondFactor (the site's rule), mustSetUp (the rule applies to me and I have
 * none), totp, passkeys: [{id, name, createdAt, lastUsedAt}], recoveryCodesLeft}.
 */
export const fetchSecondFactor = () => api('/api/auth/second-factor');

/** Starts adding an authenticator app: answers {secret, uri, qrSvg}; 409 when one is set up already. */
export const startTotp = () => api('/api/auth/totp', { method: 'POST', body: {} });

/** The app's first code confirms it: answers {msg, recoveryCodes} (none when the account had a factor already). */
export const confirmTotp = (code) => api('/api/auth/totp/confirm', { method: 'POST', body: { code } });

export const removeTotp = (password) => api('/api/auth/totp', { method: 'DELETE', body: { password } });

/** Ten new recovery codes: answers {recoveryCodes}; the old ones stop working. */
export const newRecoveryCodes = () => api('/api/auth/recovery-codes', { method: 'POST', body: {} });

/** The challenge for a new passkey: answers {challengeId, publicKey}. */
export const passkeyRegistrationOptions = () => api('/api/auth/passkeys/register/options', { method: 'POST', body: {} });

/** The new passkey, named: answers 201 {passkey, recoveryCodes} (none when the account had a factor already). */
export const registerPasskey = (challengeId, name, credential) =>
  api('/api/auth/passkeys/register', { method: 'POST', body: { challengeId, name, credential } });

const id = (value) => encodeURIComponent(value);

export const renamePasskey = (passkeyId, name) =>
  api(`/api/auth/passkeys/${id(passkeyId)}`, { method: 'PATCH', body: { name } });

export const removePasskey = (passkeyId) => api(`/api/auth/passkeys/${id(passkeyId)}`, { method: 'DELETE' });
