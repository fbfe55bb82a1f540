// The only caller of fetch: same-origin JSON requests, bearer token, and the answer as {ok, status, data}.
import { token } from './token.js';

/**
 * Calls the API. Never throws: a network failure is logged and answers {ok: false, status: 0}.
 * `auth: false` leaves the stored token out (login and registration do not need it).
 */
export async function api(path, { method = 'GET', body, auth = true } = {}) {
  const headers = { Accept: 'application/json' };
  const bearer = auth ? token.get() : null;
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch (error) {
    console.error(`${method} ${path} failed:`, error);
    return { ok: false, status: 0, data: null };
  }

  // A rejected token is a dead session: forget it so the site shows the visitor as logged out.
  if (response.status === 401 && bearer) token.clear();

  let data = null;
  if (response.status !== 204) {
    try {
      data = await response.json();
    } catch {
      data = null;
    }
  }
  return { ok: response.ok, status: response.status, data };
}
