// The routes the app renders: the route table's pages, each loaded when it is needed.
import { lazy, useEffect, useMemo, useState } from 'react';
import { matchRoutes, Navigate, useRoutes } from 'react-router-dom';
import { HomePage } from '../features/home/home-page.jsx';
import { useContent } from '../lib/content.js';
import { onIdle } from '../lib/idle.js';
import { Layout } from './layout.jsx';
import { routeTable, siteRoutes } from './route-table.js';

/**
 * A page in a chunk of its own. `preload()` fetches the chunk; once it is in, the page renders at once instead of
 * suspending, so neither the first page after the loader nor a later navigation flashes the Suspense fallback
 * (whose swap for the page would shift the layout).
 */
function lazyPage(load) {
  let loaded = null;
  const preload = () =>
    load().then((component) => {
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

// Every lazy page of the route table, made once per import (its `load`, or its `page` in a shared chunk): its chunk is
// fetched once and its component type stays the same, so a new render of the table never remounts a page. The /bn
// twins are the same route objects, so they share their English page.
const lazyPages = new Map();
const backgroundPages = [];
makePages(routeTable);

function makePages(routes, sharedChunk) {
  for (const { page, load, chunk = sharedChunk, children } of routes) {
    const key = load ?? page;
    if (key && !lazyPages.has(key)) {
      if (page && !chunk) throw new Error('A route picks its page from a chunk, but no route above it has a chunk');
      const lazyOne = lazyPage(load ?? (() => chunk().then(page)));
      lazyPages.set(key, lazyOne);
      if (load) backgroundPages.push(lazyOne);
    }
    if (children) makePages(children, chunk);
  }
}

/**
 * The component a route shows. The first load's two pages are not in the table, which imports no component (see
 * route-table.js): the table's root is the frame of every page, its index the home page.
 */
function pageOf({ load, page, index }, depth) {
  if (load || page) return lazyPages.get(load ?? page);
  if (depth === 0) return Layout;
  return depth === 1 && index ? HomePage : undefined;
}

export function AppRoutes() {
  const { teams } = useContent();
  useEffect(() => {
    // One page's code at a time, each when the main thread is idle: run all at once, the chunks' evaluation made one
    // long task that held a slow phone's first seconds.
    const idle = (then) => onIdle(then, { timeout: 3000, otherwiseAfter: 1000 });
    const next = (index) => {
      if (index >= backgroundPages.length) return;
      const page = backgroundPages[index];
      // A chunk that fails here is fetched again when its page opens.
      page
        .preload()
        .catch(() => {})
        .then(() => idle(() => next(index + 1)));
    };
    idle(() => next(0));
  }, []);

  const rosterSlugs = routableRosterSlugs(teams);
  const routes = useMemo(() => renderedRoutes(siteRoutes, rosterSlugs), [rosterSlugs]);
  return useRoutes(routes);
}

// How long the loader waits for a first page's own data; past that the page shows its loading state.
const PREPARE_MS = 3000;

/**
 * Fetches the chunks of the pages that `pathname` shows, and what each asks for before its first render, so the
 * app can keep the loader up until the first page renders whole. A chunk that fails to load is left to the page's
 * own Suspense; data that fails or is slow, to the page.
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
  return Promise.all(preloads);
}

// Slugs become part of a path; anything but letters, digits and dashes could clash with route syntax.
const routableSlug = /^[a-z0-9-]+$/i;

/** The rosters with their own /team{slug} route, as one space-separated string (a stable memo key). */
function routableRosterSlugs(teams) {
  return Object.keys(teams)
    .filter((slug) => slug !== 'core' && routableSlug.test(slug))
    .join(' ');
}

/** The route table as React Router routes: each with its element, the roster entry one route per roster. */
function renderedRoutes(table, rosterSlugs, depth = 0) {
  return table.flatMap((route) => {
    const { path, index, props, redirect, rosterPaths, children } = route;
    const Page = pageOf(route, depth);
    if (rosterPaths) {
      return rosterSlugs
        .split(' ')
        .filter(Boolean)
        .map((slug) => ({ path: `${rosterPaths}${slug}`, element: <Page key={slug} slug={slug} /> }));
    }
    const element = redirect ? <Navigate to={redirect} replace /> : Page && <Page {...props} />;
    return [{ path, index, element, children: children && renderedRoutes(children, rosterSlugs, depth + 1) }];
  });
}
