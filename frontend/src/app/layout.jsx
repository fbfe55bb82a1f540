// The frame of every page: header and navigation, the route's content in <main>, and the footer.
import { Suspense, useEffect, useRef, useState } from 'react';
import { matchPath, Outlet, useLocation } from 'react-router-dom';
import { AfterFirstPaint, isFirstPageDrawn } from '../components/after-first-paint.jsx';
import { LoadFailed } from '../components/load-failed.jsx';
import { switchedAt } from './language-switch.jsx';
import { useContent } from '../lib/content.js';
import { browserPrefersBengali, chosenLanguage, translate, useT } from '../lib/i18n.js';
import { Footer } from './footer.jsx';
import { Header } from './header.jsx';
import { OfflineKeeper, OfflineLine } from './offline-line.jsx';
import './layout.css';
import { routePages } from './route-pages.js';
import { siteRoutes } from './route-table.js';

/** The web app manifest of each language (build.mjs writes them). */
const MANIFESTS = { en: '/manifest.webmanifest', bn: '/bn/manifest.webmanifest' };

/** The spec's title: the whole title of Home, and the end of every other page's. */
export const SITE_TITLE = 'JYOTI - A RAY OF HOPE';

/**
 * The visitor pages that name themselves in the route table (the team pages take their roster's title), in both
 * languages: a Bengali page's name is its catalog's `page PATH`.
 */
const titledPages = routePages(siteRoutes).pages.filter((page) => page.title && !page.path.startsWith('/admin'));
const titleOf = (page) => (page.lang === 'en' ? page.title : translate(page.lang, `page ${page.english}`));

/** The offer of the Bengali page (language-offer.jsx), once its code is in; null for everyone it is not made to. */
let LanguageOffer = null;
let offerLoading = null;

/**
 * Fetches the offer of the Bengali page, made only on a first visit whose browser asks for Bengali first: it comes
 * with the first page's code and words (routes.jsx), and nobody else downloads it.
 */
export function loadLanguageOffer() {
  offerLoading ??=
    chosenLanguage() === null && browserPrefersBengali()
      ? import('./language-offer.jsx').then(
          (module) => {
            LanguageOffer = module.LanguageOffer;
          },
          // Without its code the page shows without the offer.
          () => {},
        )
      : Promise.resolve();
  return offerLoading;
}

/** How long a new page may take to show its heading (a chunk or its data still loading). */
const HEADING_WAIT_MS = 5000;

export function Layout() {
  const { pathname, state } = useLocation();
  // The language switch keeps the reader where they were on the page; any other new page starts at its top.
  const keepScroll = Boolean(state?.keepScroll);
  const { loadFailed, reload } = useContent();
  const t = useT();
  useEffect(() => {
    document.documentElement.lang = t.lang;
    // The installed app starts in the language chosen (the server names the page's own; the switch changes it).
    document.querySelector('link[rel="manifest"]')?.setAttribute('href', MANIFESTS[t.lang] ?? MANIFESTS.en);
  }, [t.lang]);
  const scrolledFor = useRef(null);
  const keptY = keepScroll ? switchedAt.y : 0;
  useEffect(() => {
    // Only a new path moves the page (not a hash or state of the same one).
    if (scrolledFor.current === pathname) return;
    scrolledFor.current = pathname;
    if (!keepScroll) {
      window.scrollTo(0, 0);
      return undefined;
    }
    // The other language's words may still be on their way: the page grows back to its length as they come, and the
    // reader is put back where they were as soon as it is long enough (for two seconds at most).
    let frame = 0;
    const until = performance.now() + 2000;
    const restore = () => {
      window.scrollTo(0, keptY);
      if (Math.abs(window.scrollY - keptY) > 1 && performance.now() < until) frame = requestAnimationFrame(restore);
    };
    restore();
    return () => cancelAnimationFrame(frame);
  }, [pathname, keepScroll, keptY]);
  usePageHeading(pathname);
  // On the app's first page the header is drawn a paint before the page, unseen, and shows with it: two short tasks
  // instead of one long one, and never a header over an empty page.
  const [pageShown, setPageShown] = useState(isFirstPageDrawn);
  const showPage = () => setPageShown(true);
  const unseen = pageShown ? undefined : 'unseen';

  return (
    <>
      <a className={unseen ? 'skip-link unseen' : 'skip-link'} href="#main">
        {t('layout.skip')}
      </a>
      <Header className={unseen} />
      {LanguageOffer && <LanguageOffer className={unseen} />}
      <main id="main" tabIndex={-1}>
        <OfflineLine />
        {loadFailed && <LoadFailed what={t('layout.contentFailed')} retry={reload} />}
        <AfterFirstPaint onShow={showPage}>
          <Suspense fallback={<p className="page-loading">{t('layout.loading')}</p>}>
            <Outlet />
          </Suspense>
        </AfterFirstPaint>
      </main>
      <AfterFirstPaint last>
        <Footer />
        <OfflineKeeper />
      </AfterFirstPaint>
    </>
  );
}

/**
 * Each page names itself: once its heading is shown, the tab title becomes "Title | JYOTI - A RAY OF HOPE" (Home
 * keeps the spec's title), the title being the route table's (which the server's head tags carry too) or, for a
 * page it does not name, the heading's, and after a navigation the focus moves to that heading, so a screen reader says where
 * the link led and the keyboard goes on from there. The page's heading is its h1; in the admin area, whose h1 is
 * the same on every screen, the screen's own first h2.
 */
function usePageHeading(pathname) {
  const firstPage = useRef(true);
  useEffect(() => {
    const navigated = !firstPage.current;
    firstPage.current = false;
    const admin = pathname.startsWith('/admin');
    const started = performance.now();
    let frame = 0;
    const look = () => {
      const main = document.getElementById('main');
      const loading = main?.querySelector(admin ? ':scope > .page-loading, .admin-screen > .page-loading' : ':scope > .page-loading');
      const heading = (admin && main?.querySelector('.admin-screen h2')) || main?.querySelector('h1');
      const text = heading?.textContent.trim();
      if (!text || loading) {
        if (performance.now() - started < HEADING_WAIT_MS) frame = requestAnimationFrame(look);
        return;
      }
      const page = titledPages.find((candidate) => matchPath(candidate.path, pathname));
      const named = page ? titleOf(page) : text;
      const home = pathname === '/' || pathname === '/bn';
      document.title = home ? SITE_TITLE : `${admin ? `${text} · Admin` : named} | ${SITE_TITLE}`;
      // A page that put the focus somewhere of its own (e.g. into a form) keeps it there; a link followed in a
      // navigation inside the page (the admin sidebar) does not.
      const active = document.activeElement;
      if (navigated && (!main.contains(active) || active.closest('nav'))) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
      }
    };
    look();
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
}
