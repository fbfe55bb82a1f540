// The app shell: router, session and content providers, routes, and the toast container.
import { lazy, Suspense, useEffect, useState } from 'react';
import { BrowserRouter, useLocation } from 'react-router-dom';
import { WhenIdle } from '../components/when-idle.jsx';
import './global.css';
import { HistoryGuard } from '../lib/history-guard.js';
import { linkStylesheet } from '../lib/stylesheets.js';
import { onToastWanted } from '../lib/toast.js';
import { useContent } from '../lib/content.js';
import { chosenLanguage, hasTwin, inLanguage, langOf } from '../lib/i18n.js';
import { Loader } from './loader.jsx';
import { AppProviders } from './providers.jsx';
import { AppRoutes, frameReady, preloadPagesFor } from './routes.jsx';

// The toasts' code and styles, once the page is idle: neither is part of the first load.
const ToastHost = lazy(() =>
  Promise.all([import('./toast-host.jsx'), linkStylesheet('toasts')]).then(([module]) => module),
);

/**
 * A visitor who chose Bengali with the switch gets the Bengali page when they open an English one again. Called
 * before the app first renders (main.jsx), not as this module is evaluated: the choice is in localStorage, whose
 * first read waits on the browser.
 */
export function startInChosenLanguage() {
  const { pathname, search, hash } = window.location;
  if (chosenLanguage() === 'bn' && langOf(pathname) === 'en' && hasTwin(pathname)) {
    window.history.replaceState(window.history.state, '', inLanguage(`${pathname}${search}${hash}`, 'bn'));
  }
}

// The page the visitor opened has its code and its words in by the time the loader goes.
const prepareFirstPage = (content) => preloadPagesFor(window.location.pathname, content.teams);

export function App() {
  return (
    <BrowserRouter>
      <AppProviders prepare={prepareFirstPage}>
        <LanguageGate>
          <AppRoutes />
          {/* A toast shown before the container is up waits for it (react-toastify queues it). */}
          <WhenIdle sooner={onToastWanted}>
            <Suspense fallback={null}>
              <ToastHost />
            </Suspense>
          </WhenIdle>
        </LanguageGate>
      </AppProviders>
      <HistoryGuard />
    </BrowserRouter>
  );
}

/**
 * The pages of a language render once its frame's words are in, with the page's own: crossing languages in the app
 * shows the loader a moment.
 */
function LanguageGate({ children }) {
  const { pathname } = useLocation();
  const { teams } = useContent();
  const lang = langOf(pathname);
  const [, loaded] = useState(0);
  const ready = frameReady(lang);
  useEffect(() => {
    if (!ready) preloadPagesFor(pathname, teams).then(() => loaded((count) => count + 1));
  }, [ready, pathname, teams]);
  return ready ? children : <Loader />;
}
