// Passkeys (WebAuthn) in the browser: whether it has them, and its two ceremonies run with the server's options, whose
// binary values travel as unpadded base64url both ways. The server checks everything; this only carries the bytes.

/** Whether this browser can make and use passkeys at all. */
export const passkeysSupported = () => typeof window.PublicKeyCredential === 'function';

/** Unpadded base64url → bytes. */
function bytes(text) {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0)).buffer;
}

/** Bytes → unpadded base64url. */
function text(buffer) {
  let binary = '';
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const withIds = (credentials) => credentials?.map((credential) => ({ ...credential, id: bytes(credential.id) }));

/** The browser's own reader of the options where it has one (Chrome 129, Firefox 119, Safari 18), else ours. */
function creationOptions(json) {
  if (typeof PublicKeyCredential.parseCreationOptionsFromJSON === 'function') {
    return PublicKeyCredential.parseCreationOptionsFromJSON(json);
  }
  return {
    ...json,
    challenge: bytes(json.challenge),
    user: { ...json.user, id: bytes(json.user.id) },
    excludeCredentials: withIds(json.excludeCredentials),
  };
}

function requestOptions(json) {
  if (typeof PublicKeyCredential.parseRequestOptionsFromJSON === 'function') {
    return PublicKeyCredential.parseRequestOptionsFromJSON(json);
  }
  return { ...json, challenge: bytes(json.challenge), allowCredentials: withIds(json.allowCredentials) };
}

/**
 * Why a ceremony did not end in a credential, as the page says it: the person closed the browser's window or let it
 * time out ('cancelled': WebAuthn gives one name to both, so no one learns which passkeys exist), the passkey is
 * already on this account ('exists'), or anything else ('failed').
 */
function failure(error) {
  if (error?.name === 'NotAllowedError' || error?.name === 'AbortError') return 'cancelled';
  if (error?.name === 'InvalidStateError') return 'exists';
  console.warn('The passkey could not be used:', error);
  return 'failed';
}

/**
 * Makes a passkey with the server's PublicKeyCredentialCreationOptions (`publicKey`, as JSON). Answers
 * {credential} to send back, or {failure} (see failure()).
 */
export async function createPasskey(publicKey) {
  try {
    const made = await navigator.credentials.create({ publicKey: creationOptions(publicKey) });
    const { response } = made;
    return {
      credential: {
        id: made.id,
        rawId: text(made.rawId),
        type: made.type,
        response: {
          clientDataJSON: text(response.clientDataJSON),
          attestationObject: text(response.attestationObject),
        },
      },
    };
  } catch (error) {
    return { failure: failure(error) };
  }
}

/**
 * Signs the server's challenge with a passkey, given its PublicKeyCredentialRequestOptions (`publicKey`, as JSON):
 * without allowCredentials the person picks one of the site's passkeys. Answers {credential} or {failure}.
 */
export async function signWithPasskey(publicKey) {
  try {
    const used = await navigator.credentials.get({ publicKey: requestOptions(publicKey) });
    const { response } = used;
    return {
      credential: {
        id: used.id,
        rawId: text(used.rawId),
        type: used.type,
        response: {
          clientDataJSON: text(response.clientDataJSON),
          authenticatorData: text(response.authenticatorData),
          signature: text(response.signature),
          userHandle: response.userHandle ? text(response.userHandle) : null,
        },
      },
    };
  } catch (error) {
    return { failure: failure(error) };
  }
}
