// The network caller: same-origin JSON requests with the bearer token, each answering {ok, status, data}. Files
// (uploads with progress, downloads) go through file-transfer.js on top of it, which only the admin area loads.
// It also hears the server refuse a staff account that has no second factor while the site requires one.
import { noteOffline, noteOnline } from './offline.js';
import { token } from './token.js';

/** The sentence of every admin call's 403 while the site requires a second factor this staff account lacks. */
const SECOND_FACTOR_REQUIRED = /^Staff must use a second factor/;
const secondFactorListeners = new Set();

/**
 * Calls `listener` whenever the server refuses a call because this staff account must first set up a second factor
 * (the admin area then sends them to their Account page); answers the function that stops it.
 */
export function onSecondFactorRequired(listener) {
  secondFactorListeners.add(listener);
  return () => {
    secondFactorListeners.delete(listener);
  };
}

function heardRefusal(status, data) {
  if (status === 403 && SECOND_FACTOR_REQUIRED.test(data?.message ?? '')) {
    secondFactorListeners.forEach((listener) => listener());
  }
}

/** The request headers: JSON answers wanted, and the stored token unless `auth` is false. */
export function headersFor(auth) {
  const headers = { Accept: 'application/json' };
  const bearer = auth ? token.get() : null;
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
  return headers;
}

/** A rejected token is a dead session: forget it so the site shows the visitor as logged out. */
export function forgetRejectedToken(status, headers) {
  if (status === 401 && headers.Authorization) token.clear();
}

export function parseJson(text) {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** `path` with the values of `query` that are set (not undefined, null or '') as its query string. */
export function withQuery(path, query = {}) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value != null && value !== '') params.set(name, value);
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * Calls the API. Never throws: a network failure is logged and answers {ok: false, status: 0}.
 * `query` becomes the query string (see withQuery); `auth: false` leaves the stored token out (login and
 * registration do not need it); `headers` are sent besides the usual ones.
 */
export async function api(path, { method = 'GET', query, body, auth = true, headers: extra } = {}) {
  const headers = { ...headersFor(auth), ...extra };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response;
  try {
    response = await fetch(withQuery(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch (error) {
    const offline = method === 'GET' && !headers.Authorization ? await offlineCopy(path, query) : null;
    if (offline) {
      noteOffline(offline.at);
      return { ok: true, status: 200, data: offline.data };
    }
    console.error(`${method} ${path} failed:`, error);
    return { ok: false, status: 0, data: null };
  }

  noteOnline();
  forgetRejectedToken(response.status, headers);
  const data = response.status === 204 ? null : parseJson(await response.text().catch(() => ''));
  heardRefusal(response.status, data);
  // An admin's write held because it names another UPI ID (202 with `held`): not made yet, so not done; its
  // `message` says until when, as a refusal's does.
  const held = response.status === 202 && Boolean(data?.held);
  return { ok: response.ok && !held, status: response.status, data };
}

/** The service worker's offline copy's answer to a visitor's GET (offline-copy.js, loaded only now), or null. */
function offlineCopy(path, query) {
  return import('./offline-copy.js')
    .then((copy) => copy.offlineAnswer(path, query))
    .catch(() => null);
}
