// What every way of signing in ends with (a password, its second step, a passkey): the token stored and the whole
// app reloaded, at / or, for a staff account the site requires a second factor of, at the Account page's setup.
// And signing in with a passkey, which the login page offers twice.
import { refusalIn } from '../../components/form-actions.jsx';
import { inLanguage, useT } from '../../lib/i18n.js';
import { signWithPasskey } from '../../lib/passkeys.js';
import { useSession } from '../../lib/session.js';
import { flashAfterReload, notify } from '../../lib/toast.js';
import { passkeySignIn, passkeySignInOptions } from './api.js';

/** Answers `signedIn(data)` for a login's answer that holds a token. */
export function useSignedIn() {
  const { storeToken } = useSession();
  const t = useT();
  return (data) => {
    // The reload would swallow a toast shown now, so it is shown once the app has started again.
    flashAfterReload(t('auth.login.done'));
    storeToken(data.token);
    window.location.href = inLanguage(data.setUpSecondFactor ? '/account#second-factor' : '/', t.lang);
  };
}

/**
 * Signs in with a passkey: the second step of the password's `ticket`, or without one a passkey alone. Answers
 * {response} (the server's, as a login's) or {failure} when the browser gave no passkey (see lib/passkeys.js).
 */
export async function signInWithPasskey(ticket) {
  const options = await passkeySignInOptions(ticket);
  if (!options.ok) return { response: options };
  const { challengeId, publicKey } = options.data;
  const { credential, failure } = await signWithPasskey(publicKey);
  if (failure) return { failure };
  return { response: await passkeySignIn({ challengeId, ...(ticket ? { ticket } : {}), credential }) };
}

/** What a refused passkey says in Bengali (in English, the server's words). */
const passkeyMeaning = ({ status }) => (status === 400 || status === 401 ? 'auth.passkey.refused' : undefined);

/** The error toast for signInWithPasskey's answer that signed no one in (`t` is the page's useT). */
export function notifyPasskeyRefused(t, { response, failure }) {
  if (failure) {
    notify.error(t(`form.passkey.${failure}`));
    return;
  }
  if (response.status === 0) return;
  const refusal = { status: response.status, message: response.data?.message ?? '' };
  notify.error(refusalIn(t.lang, refusal, refusal.message || t('auth.passkey.refused'), passkeyMeaning));
}
