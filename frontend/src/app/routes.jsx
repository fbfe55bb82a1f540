// The routes the app renders: the route table's pages, each loaded when it is needed.
import { lazy, useEffect, useMemo, useState } from 'react';
import { matchRoutes, Navigate, useRoutes } from 'react-router-dom';
import { HomePage } from '../features/home/home-page.jsx';
import { useContent } from '../lib/content.js';
import { LANGUAGES, langOf, loadWords, useLang, wordsLoaded } from '../lib/i18n.js';
import { onIdle } from '../lib/idle.js';
import { Layout, loadLanguageOffer } from './layout.jsx';
import { routeTable, siteRoutes } from './route-table.js';

/**
 * A page in a chunk of its own, in `lang`, which says the words of the catalog areas `words`. `preload()` fetches the
 * chunk and the words, side by side; once both are in, the page renders at once instead of suspending, so neither the
 * first page after the loader nor a later navigation flashes the Suspense fallback (whose swap for the page would
 * shift the layout), and no page shows before its words.
 */
function lazyPage(load, lang, words) {
  let loaded = null;
  const preload = () =>
    Promise.all([load(), loadWords(lang, words)]).then(([component]) => {
      loaded = component;
    });
  const Suspending = lazy(() => preload().then(() => ({ default: loaded })));
  function Page(props) {
    // Chosen once per mount: switching type later would remount the page and lose its state.
    const [Shown] = useState(() => loaded ?? Suspending);
    return <Shown {...props} />;
  }
  Page.preload = preload;
  // What the page asks for before its first render (its own `prepare`, if it has one), once its code is in.
  Page.prepare = () => loaded?.prepare?.();
  return Page;
}

// Every page of the route table in each language, made once per import (its `load`, or its `page` in a shared chunk)
// and language: its chunk is fetched once and its component type stays the same, so a new render of the table never
// remounts a page. The table's root is the frame of every page (Layout), whose words the app has in before it renders
// (app.jsx), and its index the home page, which ships in the first load: only its words are loaded with it. The /bn
// twins are the same route objects as the English pages; their pages differ only in the words they wait for.
const { words: frameWords, children: pageRoutes } = routeTable[0];
const lazyPages = {};
const backgroundPages = {};

/** What a route's page is made from: its `load`, its `page` in a shared chunk, or, for the table's index, Home. */
const pageKey = ({ load, page, index }, depth) => load ?? page ?? (index && depth === 1 ? HomePage : null);

for (const lang of Object.keys(LANGUAGES)) {
  lazyPages[lang] = new Map();
  backgroundPages[lang] = [];
  makePages(lang, pageRoutes);
}

function makePages(lang, routes, sharedChunk, above = [], depth = 1) {
  for (const route of routes) {
    const { page, load, chunk = sharedChunk, children } = route;
    if (lang !== 'en' && route.englishOnly) continue;
    const words = [...above, ...(route.words ?? [])];
    const key = pageKey(route, depth);
    if (key && !lazyPages[lang].has(key)) {
      if (page && !chunk) throw new Error('A route picks its page from a chunk, but no route above it has a chunk');
      const code = load ?? (page ? () => chunk().then(page) : () => Promise.resolve(HomePage));
      const lazyOne = lazyPage(code, lang, words);
      lazyPages[lang].set(key, lazyOne);
      if (!page) backgroundPages[lang].push(lazyOne);
    }
    if (children) makePages(lang, children, chunk, words, depth + 1);
  }
}

/** The component a route shows in `lang`: the table's root is the frame of every page (see route-table.js). */
const pageOf = (route, depth, lang) => (depth === 0 ? Layout : lazyPages[lang].get(pageKey(route, depth)));

export function AppRoutes() {
  const { teams } = useContent();
  const lang = useLang();
  useEffect(() => {
    // One page's code and words at a time, in the page's language, each when the main thread is idle: run all at
    // once, the chunks' evaluation made one long task that held a slow phone's first seconds. They start once the
    // visitor moves, scrolls, touches or types: a visit that only reads the page it opened downloads no other page.
    let live = true;
    const idle = (then) => onIdle(then, { timeout: 3000, otherwiseAfter: 1000 });
    const next = (index) => {
      if (!live || index >= backgroundPages[lang].length) return;
      // A chunk that fails here is fetched again when its page opens.
      backgroundPages[lang][index]
        .preload()
        .catch(() => {})
        .then(() => idle(() => next(index + 1)));
    };
    const stop = onFirstIntent(() => idle(() => next(0)));
    return () => {
      live = false;
      stop();
    };
  }, [lang]);

  const rosterSlugs = routableRosterSlugs(teams);
  const routes = useMemo(() => renderedRoutes(siteRoutes, rosterSlugs), [rosterSlugs]);
  return useRoutes(routes);
}

// What says a visitor is about to go on: a pointer moved or pressed, a key, a scroll.
const INTENTS = ['pointermove', 'pointerdown', 'keydown', 'scroll', 'touchstart'];

/** Calls `then` once, at the visitor's first sign of going on; answers the function that stops waiting. */
function onFirstIntent(then) {
  const options = { passive: true, capture: true };
  const heard = () => {
    stop();
    then();
  };
  const stop = () => INTENTS.forEach((name) => window.removeEventListener(name, heard, options));
  INTENTS.forEach((name) => window.addEventListener(name, heard, options));
  return stop;
}

// How long the loader waits for a first page's own data; past that the page shows its loading state.
const PREPARE_MS = 3000;

/** Whether the frame's words (the header's, the footer's) are in, in `lang`. */
export const frameReady = (lang) => wordsLoaded(lang, frameWords);

/**
 * Fetches the frame's words and the chunks and words of the pages that `pathname` shows, and what each page asks for
 * before its first render, so the app can keep the loader up until the first page renders whole. A chunk that fails
 * to load is left to the page's own Suspense; data that fails or is slow, to the page; the offer of the Bengali page,
 * to those it is made to, comes with them. Resolves once the frame's words are in (it cannot show without them) and
 * the rest has come or failed.
 */
export function preloadPagesFor(pathname, teams) {
  const matches = matchRoutes(renderedRoutes(siteRoutes, routableRosterSlugs(teams)), pathname) ?? [];
  const preloads = matches.map(({ route }) => {
    const page = route.element?.type;
    const prepared = page?.preload?.().then(() =>
      Promise.race([page.prepare?.(), new Promise((resolve) => setTimeout(resolve, PREPARE_MS))]),
    );
    return prepared?.catch(() => undefined);
  });
  return Promise.all([loadWords(langOf(pathname), frameWords), loadLanguageOffer(), ...preloads]);
}

// Slugs become part of a path; anything but letters, digits and dashes could clash with route syntax.
const routableSlug = /^[a-z0-9-]+$/i;

/** The rosters with their own /team{slug} route, as one space-separated string (a stable memo key). */
function routableRosterSlugs(teams) {
  return Object.keys(teams)
    .filter((slug) => slug !== 'core' && routableSlug.test(slug))
    .join(' ');
}

/**
 * The route table as React Router routes: each with its element (in the language of its tree, siteRoutes' English
 * or /bn), the roster entry one route per roster.
 */
function renderedRoutes(table, rosterSlugs, depth = 0, treeLang = 'en') {
  return table.flatMap((route) => {
    const { path, index, props, redirect, rosterPaths, children } = route;
    const lang = route.lang ?? treeLang;
    const Page = pageOf(route, depth, lang);
    if (rosterPaths) {
      return rosterSlugs
        .split(' ')
        .filter(Boolean)
        .map((slug) => ({ path: `${rosterPaths}${slug}`, element: <Page key={slug} slug={slug} /> }));
    }
    const element = redirect ? <Navigate to={redirect} replace /> : Page && <Page {...props} />;
    const below = children && renderedRoutes(children, rosterSlugs, depth + 1, lang);
    return [{ path, index, element, children: below }];
  });
}
