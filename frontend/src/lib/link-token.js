// The secret of an emailed link (a password reset, an invitation). It travels in the address's fragment, which no
// server or proxy log and no Referer carries; the server sends an older email's ?token= link to the same page.
/** The link's secret, read once; the address bar keeps the page without it ('' when there is none). */
export function takeLinkToken() {
  const fromFragment = new URLSearchParams(window.location.hash.slice(1)).get('token');
  const token = fromFragment ?? new URLSearchParams(window.location.search).get('token') ?? '';
  if (token) window.history.replaceState(window.history.state, '', window.location.pathname);
  return token;
}
