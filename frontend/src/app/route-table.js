// The one client-route table, as plain data: each path, the page it shows and where the page's code comes from.
import { linkStylesheet } from '../lib/stylesheets.js';
import { ADMIN_AREA, englishOnlyAreas } from '../lib/areas.js';
import { adminPages } from './admin-pages.js';

// Pages routed twice, each one page: the core team and the other rosters; a certificate's check with and without its
// number.
const rosterPage = () => import('../features/rosters/roster-page.jsx').then((m) => m.RosterPage);
const verifyPage = () => import('../features/certificates/verify-page.jsx').then((m) => m.VerifyPage);

// The admin area's chunk, which visitors never download: its frame and dashboard, and each other screen's loader
// (admin-screens.js). Its styles too: they are not in the stylesheet visitors load.
const adminScreens = () =>
  Promise.all([import('./admin-screens.js'), linkStylesheet('admin')]).then(([screens]) => screens);

/**
 * routes.jsx renders this table; build.mjs lists its paths for the server (dist/routes.json), so a route added
 * here is both shown by the app and answered with 200 by the server.
 *
 * A route has a `path` (React Router syntax, relative to its parent) or is its parent's `index`; it shows a page
 * (given `props`), goes on to a `redirect`, or only holds `children`. Where a page's component comes from: `load`
 * imports its own chunk and picks the component from it, and the app fetches it in the background once it runs;
 * `chunk` imports one chunk for the route and every route below it, fetched only when one of them is shown, and each
 * of them picks its component from that chunk with `page` (or a promise of it, for a screen the chunk loads
 * when it opens). The same `load` or `page` in two routes is one page.
 * The table's root is the frame of every page (Layout) and its index the home page (HomePage): both ship in the first
 * load, and routes.jsx imports them, because this table imports no component: build.mjs reads it in Node, which
 * cannot read JSX, and the layout reads it, so importing the layout here would make a cycle.
 * A `rosterPaths` route stands for one route per roster but the core team, at that prefix plus the roster's slug:
 * the rosters come from the content.
 *
 * What the page is called, for the server's head tags, the sitemap, the tab title, the menus and the tests:
 * `title` is the heading the page shows (its h1; an admin screen's own h2) and, as "Title | JYOTI - A RAY OF HOPE",
 * its tab title; a page without one takes its parent's, and the team pages their roster's. `indexed` pages are for
 * search engines (sitemap, canonical address), each described for previews in descriptions.js; the others are for
 * one visitor.
 * `nav` is the page's label in the site's menus (or, under /admin, the sidebar's), and `adminOnly` screens are not
 * for editors. An `englishOnly` area (the admin) has no Bengali twin: it stays English. build.mjs writes all this,
 * page by page, into dist/routes.json (route-pages.js).
 *
 * `words` are the areas of the catalog (src/i18n/LANG/AREA.js) a page says in its language, beside those of the
 * routes above it. The root's are the frame's, in before any page shows (`pages`: the Bengali names of the pages,
 * whose English ones are this table's); a page's are fetched beside its code, and it shows once both are in.
 * build.mjs counts Home's in its first load.
 */
export const routeTable = [
  {
    // Layout, and HomePage as its index (routes.jsx).
    path: '/',
    words: ['shell', 'pages'],
    children: [
      {
        index: true,
        words: ['home'],
        nav: 'Home',
        indexed: true,
      },
      {
        path: 'support',
        load: () => import('../features/support/support-page.jsx').then((m) => m.SupportPage),
        title: 'Support Jyoti',
        words: ['support', 'form'],
        nav: 'Support',
        indexed: true,
      },
      {
        path: 'team',
        props: { slug: 'core' },
        load: rosterPage,
        words: ['team'],
        nav: 'Team',
        indexed: true,
      },
      { rosterPaths: 'team', load: rosterPage, words: ['team'], indexed: true },
      {
        path: 'gallery',
        load: () => import('../features/gallery/gallery-page.jsx').then((m) => m.GalleryPage),
        title: 'Gallery',
        words: ['gallery'],
        nav: 'Gallery',
        indexed: true,
      },
      {
        path: 'notice',
        load: () => import('../features/notices/notice-board-page.jsx').then((m) => m.NoticeBoardPage),
        title: 'NOTICE BOARD',
        words: ['notices'],
        nav: 'Notice',
        indexed: true,
      },
      // Named by the notice it shows (the server's head tags, the tab title); a notice that is gone is a 404.
      {
        path: 'notice/:id',
        load: () => import('../features/notices/notice-page.jsx').then((m) => m.NoticePage),
        words: ['notices'],
      },
      {
        path: 'follow/confirm',
        load: () => import('../features/notices/follow-confirm-page.jsx').then((m) => m.FollowConfirmPage),
        title: 'Notices by email',
        words: ['notices', 'follow', 'form'],
      },
      {
        path: 'unsubscribe',
        load: () => import('../features/notices/unsubscribe-page.jsx').then((m) => m.UnsubscribePage),
        title: 'Unsubscribe',
        words: ['notices', 'follow', 'form'],
      },
      {
        path: 'contact',
        load: () => import('../features/contacts/contact-page.jsx').then((m) => m.ContactPage),
        title: 'Keep in Touch',
        // Visit us is Home's too.
        words: ['contact', 'home', 'form'],
        nav: 'Contact',
        indexed: true,
      },
      {
        path: 'form',
        load: () => import('../features/feedback/feedback-form-page.jsx').then((m) => m.FeedbackFormPage),
        title: 'Feedback Form',
        words: ['feedback', 'form'],
        indexed: true,
      },
      {
        path: 'signup',
        load: () => import('../features/auth/signup-page.jsx').then((m) => m.SignupPage),
        title: 'Registration',
        words: ['auth', 'form'],
      },
      {
        path: 'login',
        load: () => import('../features/auth/login-page.jsx').then((m) => m.LoginPage),
        title: 'Login',
        words: ['auth', 'form'],
      },
      {
        path: 'forgot-password',
        load: () => import('../features/auth/forgot-password-page.jsx').then((m) => m.ForgotPasswordPage),
        title: 'Forgot password',
        words: ['auth', 'form'],
      },
      {
        path: 'reset-password',
        load: () => import('../features/auth/reset-password-page.jsx').then((m) => m.ResetPasswordPage),
        title: 'Choose a new password',
        words: ['auth', 'form'],
      },
      {
        path: 'confirm-email',
        load: () => import('../features/auth/confirm-email-page.jsx').then((m) => m.ConfirmEmailPage),
        title: 'Confirm your email address',
        words: ['auth', 'form'],
      },
      {
        path: 'invitation',
        load: () => import('../features/users/invitation-page.jsx').then((m) => m.InvitationPage),
        title: 'Join the Jyoti team',
        words: ['invitation', 'form'],
      },
      { path: 'logout', load: () => import('../features/auth/logout-page.jsx').then((m) => m.LogoutPage) },
      {
        path: 'verify',
        load: verifyPage,
        title: 'Verify authenticity of certificate',
        words: ['verify', 'form'],
        nav: 'Verify',
        indexed: true,
      },
      {
        path: 'verify/:number',
        load: verifyPage,
        title: 'Verify authenticity of certificate',
        words: ['verify', 'form'],
      },
      {
        path: 'account',
        load: () => import('../features/account/account-page.jsx').then((m) => m.AccountPage),
        title: 'Your account',
        words: ['account', 'form'],
      },
      {
        path: ADMIN_AREA.slice(1),
        englishOnly: true,
        // Its forms' ends and reasons, in English, and a notice's Share.
        words: ['form', 'notices'],
        chunk: adminScreens,
        page: (screens) => screens.AdminLayout,
        // Until a screen shows its own heading, "Admin".
        title: 'Admin',
        children: adminPages.map(adminRoute),
      },
      {
        path: '*',
        load: () => import('../features/not-found/not-found-page.jsx').then((m) => m.NotFoundPage),
        title: "Sorry, We couldn't find what you are looking for!",
      },
    ],
  },
];

/**
 * The route table with a Bengali twin of every public page under /bn (`/bn/gallery`, `/bn/team2k26`, `/bn/verify/7`,
 * and its own not-found page): what the app renders and the build lists for the server. The `englishOnly` areas (the
 * admin) have no twin.
 */
export const siteRoutes = routeTable.flatMap((route) =>
  route.path === '/'
    ? [route, { ...route, path: '/bn', lang: 'bn', children: route.children.filter((child) => !child.englishOnly) }]
    : [route],
);

// lib/areas.js names the English-only areas for the code below the app (lib/i18n.js); the table must agree. build.mjs
// reads this table, so a disagreement fails the build.
const tableEnglishOnly = routeTable[0].children.filter((child) => child.englishOnly).map((child) => `/${child.path}`);
if (tableEnglishOnly.join(' ') !== englishOnlyAreas.join(' ')) {
  throw new Error(`lib/areas.js lists ${englishOnlyAreas} as English-only; the route table, ${tableEnglishOnly}`);
}

/** An admin screen of admin-pages.js as a route: its page picked from the admin chunk, once its own chunk is in. */
function adminRoute({ screen, edit, ...route }) {
  const page = (screens) => (screen === 'DashboardPage' ? screens.DashboardPage : screens.screen(screen));
  return edit ? { path: route.path, adminOnly: route.adminOnly, children: editRoutes(page) } : { ...route, page };
}

/** A record's address: bare, it goes on to its edit form. */
function editRoutes(page) {
  return [
    { index: true, redirect: 'edit' },
    { path: 'edit', page },
  ];
}
