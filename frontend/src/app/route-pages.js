// The route table page by page: what build.mjs writes into dist/routes.json for the server, and what the menus,
// the tab title and the tests read.

/**
 * Every path the route table renders with 200, in React Router syntax (`/admin/users/:id`), with what the page is
 * called: `{ path, title?, description?, indexed, nav?, adminOnly, lang, english, load?, words }`. A page without a title of its
 * own takes its parent's (an admin screen's "Admin"), as it takes its parent's `adminOnly`. A page of a language
 * twin (siteRoutes' /bn) has its `lang` and the `english` path of its twin; its words are the English ones, which
 * the caller translates (`page PATH` in the catalog). The catch-all is no such path: its title is `notFound`. The
 * per-roster team pages come from the database: `rosterPrefix` says where they are. A page's `description` is
 * `descriptions`' for its English path, when given (the build's; descriptions.js).
 */
export function routePages(table, descriptions) {
  const pages = [];
  const seen = new Set();
  let rosterPrefix = null;
  let notFound = null;

  (function walk(routes, parentPath, inherited) {
    for (const route of routes) {
      const lang = route.lang ?? inherited.lang ?? 'en';
      if (route.path === '*') {
        if (lang === 'en') notFound = route.title;
        continue;
      }
      if (route.rosterPaths) {
        if (lang === 'en') rosterPrefix = `${parentPath === '/' ? '' : parentPath}/${route.rosterPaths}`;
        continue;
      }
      const path = route.index
        ? parentPath || '/'
        : route.path.startsWith('/')
          ? route.path
          : `${parentPath === '/' ? '' : parentPath}/${route.path}`;
      const english = lang === 'en' ? path : path.slice(inherited.prefix?.length ?? 0) || '/';
      const page = {
        path,
        title: route.title ?? inherited.title,
        description: descriptions?.[english],
        indexed: Boolean(route.indexed),
        nav: route.nav,
        adminOnly: Boolean(route.adminOnly ?? inherited.adminOnly),
        lang,
        english,
        // What the page loads before it shows (for the build): its code, and the words of its own and its frame's.
        load: route.load,
        words: [...(inherited.words ?? []), ...(route.words ?? [])],
      };
      if (route.children) {
        // A layout's own path is a page only through its index route.
        const prefix = route.lang ? path : inherited.prefix;
        const below = { title: page.title, adminOnly: page.adminOnly, lang, prefix, words: page.words };
        walk(route.children, path, below);
        continue;
      }
      if (!seen.has(path)) {
        seen.add(path);
        pages.push(page);
      }
    }
  })(table, '', {});

  return { pages, rosterPrefix, notFound };
}

/**
 * `routePages(table, descriptions)` for the build, which throws on an entry the server could not describe, so a broken
 * table stops the build. (The app trusts the table the build passed: these words stay out of its download.)
 */
export function checkedRoutePages(table, descriptions) {
  const list = routePages(table, descriptions);
  const undescribed = list.pages.find((page) => page.indexed && page.title && !page.description);
  if (undescribed) {
    throw new Error(`The route table's ${undescribed.path} is for search engines but descriptions.js has no description`);
  }
  if (!list.notFound) throw new Error('The route table has no catch-all page with a title');
  if (!list.rosterPrefix) throw new Error('The route table has no roster pages');
  if (!list.pages.some((page) => page.path === '/')) throw new Error('The route table has no home page');
  return list;
}

/** The English pages with a menu label, under `prefix` (e.g. '/admin/'), in the table's order. */
export function navPages(table, prefix = '') {
  return routePages(table).pages.filter((page) => page.nav && page.lang === 'en' && page.path.startsWith(prefix));
}
