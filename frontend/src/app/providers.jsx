// Loads the site content and the current user at start, holds the session, and shows the loader meanwhile.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { fetchCurrentUser } from '../features/auth/api.js';
import { carriedContent, ContentContext, emptyContent, fetchContent, normaliseContent } from '../lib/content.js';
import { onIdle } from '../lib/idle.js';
import { setSiteZone } from '../lib/site-time.js';
import { SessionContext } from '../lib/session.js';
import { token } from '../lib/token.js';
import { Loader } from './loader.jsx';

// The loader's 1.5 s count from the navigation's start (performance.now()'s zero), not from when this code runs.
const LOADER_MS = 1500;
// How long after the first screen the page asks whether the content it carried is current.
const CHECK_AFTER_MS = 1000;
const IDLE = { timeout: 1000, otherwiseAfter: 0 };

/**
 * `prepare(content)` may return a promise the loader also waits for (the first page's code), so what replaces
 * the loader is the whole page and nothing moves when a part arrives later.
 */
export function AppProviders({ prepare, children }) {
  const content = useContentDocument(prepare);
  const session = useSessionState();
  const [loaderDone, setLoaderDone] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setLoaderDone(true), Math.max(0, LOADER_MS - performance.now()));
    return () => clearTimeout(timer);
  }, []);

  const ready = loaderDone && content !== null;
  useEffect(() => {
    // A message the page left before it reloaded (signing in does): the toasts' code comes after the first page.
    // When the page is idle after its first screen (lib/idle.js): its code is no part of that screen.
    if (ready) return onIdle(() => import('../lib/toast.js').then(({ showFlashed }) => showFlashed()), IDLE);
    return undefined;
  }, [ready]);

  if (!ready) return <Loader />;
  return (
    <ContentContext.Provider value={content}>
      <SessionContext.Provider value={session}>{children}</SessionContext.Provider>
    </ContentContext.Provider>
  );
}

/**
 * The content document with its `reload()`, or null while it first loads and is prepared for. The page carries the
 * document, so the first screen waits for no request: the app still asks the server, as it starts, whether that
 * copy is current, and takes a newer one. A failed first load gives empty content marked `loadFailed` (the layout
 * offers a Retry), and so does a failed check of the carried copy, which is still shown; a failed reload keeps what
 * is shown.
 */
function useContentDocument(prepare) {
  const [loaded, setLoaded] = useState(null);
  useEffect(() => {
    let live = true;
    // The server's answer about the carried copy: current (304), newer, or not had.
    const checked = (latest) => {
      if (latest.status === 304) return;
      if (!latest.ok) {
        setLoaded((shown) => ({ ...shown, loadFailed: true }));
        return;
      }
      setSiteZone(latest.data?.timeZone);
      setLoaded(normaliseContent(latest.data));
    };
    const carried = carriedContent();
    const first = carried ? Promise.resolve({ ok: true, data: carried.data }) : fetchContent();
    let later;
    first.then(async (response) => {
      const content = response.ok ? normaliseContent(response.data) : { ...emptyContent, loadFailed: true };
      setSiteZone(response.data?.timeZone);
      await prepare?.(content);
      if (!live) return;
      setLoaded(content);
      // The carried copy is checked once the first screen is drawn: it is current unless the page came from a
      // cache, and the first screen then waits for nothing but the page and its code.
      if (carried) {
        later = setTimeout(
          () => fetchContent(carried.etags).then((latest) => live && checked(latest)),
          Math.max(0, LOADER_MS - performance.now()) + CHECK_AFTER_MS,
        );
      }
    });
    return () => {
      live = false;
      clearTimeout(later);
    };
  }, [prepare]);

  const reload = useCallback(async () => {
    const response = await fetchContent();
    if (response.ok) setLoaded(normaliseContent(response.data));
  }, []);

  return useMemo(() => (loaded === null ? null : { ...loaded, reload }), [loaded, reload]);
}

function useSessionState() {
  const [currentToken, setCurrentToken] = useState(token.get);
  const [user, setUser] = useState(null);
  const [loading, setLoading] = useState(() => Boolean(token.get()));

  useEffect(() => token.subscribe(setCurrentToken), []);

  useEffect(() => {
    if (!currentToken) {
      setUser(null);
      setLoading(false);
      return undefined;
    }
    let live = true;
    setLoading(true);
    fetchCurrentUser().then((response) => {
      if (!live) return;
      // Only a successful answer changes the user; failures are ignored as the spec asks.
      if (response.ok && response.data?.userData) setUser(response.data.userData);
      setLoading(false);
    });
    return () => {
      live = false;
    };
  }, [currentToken]);

  const storeToken = useCallback((value) => token.set(value), []);
  const clearToken = useCallback(() => token.clear(), []);

  return useMemo(
    () => ({ token: currentToken, user: currentToken ? user : null, loading, storeToken, clearToken }),
    [currentToken, user, loading, storeToken, clearToken],
  );
}
