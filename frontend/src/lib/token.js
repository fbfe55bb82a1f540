// The session token, kept in localStorage under `token`, with change notification for the auth provider.
const KEY = 'token';
const listeners = new Set();

function read() {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

function write(value) {
  try {
    if (value) localStorage.setItem(KEY, value);
    else localStorage.removeItem(KEY);
  } catch {
    // Storage can be disabled (private mode); the session then lasts until reload.
  }
  listeners.forEach((listener) => listener(value));
}

export const token = {
  get: read,
  set: (value) => write(value || null),
  clear: () => write(null),
  subscribe(listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
