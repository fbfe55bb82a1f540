// The one client-route table, as plain data: each path, the page it shows and where the page's code comes from.
import { linkStylesheet } from '../lib/stylesheets.js';

/**
 * routes.jsx renders this table; build.mjs lists its paths for the server (dist/routes.json), so a route added
 * here is both shown by the app and answered with 200 by the server.
 *
 * A route has a `path` (React Router syntax, relative to its parent) or is its parent's `index`; it shows a `page`
 * (named as its module exports it, given `props`), goes on to a `redirect`, or only holds `children`.
 * Where a page's code comes from: `load` imports its own chunk, which the app fetches in the background once it
 * runs; `chunk` imports one chunk for the page and every page below it, fetched only when one of them is shown;
 * Layout and HomePage ship in the first load. A page named again is the same page.
 * A `rosterPaths` route stands for one route per roster but the core team, at that prefix plus the roster's slug:
 * the rosters come from the content.
 *
 * What the page is called, for the server's head tags, the sitemap, the tab title, the menus and the tests:
 * `title` is the heading the page shows (its h1; an admin screen's own h2) and, as "Title | JYOTI - A RAY OF HOPE",
 * its tab title; a page without one takes its parent's, and the team pages their roster's. `indexed` pages are for
 * search engines (sitemap, canonical address) with a `description` for previews; the others are for one visitor.
 * `nav` is the page's label in the site's menus (or, under /admin, the sidebar's), and `adminOnly` screens are not
 * for editors. build.mjs writes all this, page by page, into dist/routes.json (route-pages.js).
 */
export const routeTable = [
  {
    path: '/',
    page: 'Layout',
    children: [
      {
        index: true,
        page: 'HomePage',
        nav: 'Home',
        indexed: true,
        description:
          'Jyoti is a free night education center run by students of JGEC for children who need it, supported by alumni since 2010.',
      },
      {
        path: 'support',
        page: 'SupportPage',
        load: () => import('../features/support/support-page.jsx'),
        title: 'Support Jyoti',
        nav: 'Support',
        indexed: true,
        description: 'Help Jyoti keep its free night school running: how to donate.',
      },
      {
        path: 'team',
        page: 'RosterPage',
        props: { slug: 'core' },
        load: () => import('../features/rosters/roster-page.jsx'),
        nav: 'Team',
        indexed: true,
      },
      { rosterPaths: 'team', page: 'RosterPage', indexed: true },
      {
        path: 'gallery',
        page: 'GalleryPage',
        load: () => import('../features/gallery/gallery-page.jsx'),
        title: 'Gallery',
        nav: 'Gallery',
        indexed: true,
        description: "Photos from Jyoti's classes, events and celebrations.",
      },
      {
        path: 'notice',
        page: 'NoticeBoardPage',
        load: () => import('../features/notices/notice-board-page.jsx'),
        title: 'NOTICE BOARD',
        nav: 'Notice',
        indexed: true,
        description: 'The latest notices from Jyoti.',
      },
      {
        path: 'contact',
        page: 'ContactPage',
        load: () => import('../features/contacts/contact-page.jsx'),
        title: 'Keep in Touch',
        nav: 'Contact',
        indexed: true,
        description: 'Write to Jyoti, or find its address and social links.',
      },
      {
        path: 'form',
        page: 'FeedbackFormPage',
        load: () => import('../features/feedback/feedback-form-page.jsx'),
        title: 'Feedback Form',
        indexed: true,
        description: 'Tell Jyoti what you think.',
      },
      { path: 'signup', page: 'SignupPage', load: () => import('../features/auth/signup-page.jsx'), title: 'Registration' },
      { path: 'login', page: 'LoginPage', load: () => import('../features/auth/login-page.jsx'), title: 'Login' },
      {
        path: 'forgot-password',
        page: 'ForgotPasswordPage',
        load: () => import('../features/auth/forgot-password-page.jsx'),
        title: 'Forgot password',
      },
      {
        path: 'reset-password',
        page: 'ResetPasswordPage',
        load: () => import('../features/auth/reset-password-page.jsx'),
        title: 'Choose a new password',
      },
      {
        path: 'invitation',
        page: 'InvitationPage',
        load: () => import('../features/users/invitation-page.jsx'),
        title: 'Join the Jyoti team',
      },
      { path: 'logout', page: 'LogoutPage', load: () => import('../features/auth/logout-page.jsx') },
      {
        path: 'verify',
        page: 'VerifyPage',
        load: () => import('../features/certificates/verify-page.jsx'),
        title: 'Verify authenticity of certificate',
        nav: 'Verify',
        indexed: true,
        description: 'Check a certificate issued by Jyoti by its number.',
      },
      { path: 'verify/:number', page: 'VerifyPage', title: 'Verify authenticity of certificate' },
      {
        path: 'account',
        page: 'AccountPage',
        load: () => import('../features/account/account-page.jsx'),
        title: 'Your account',
      },
      {
        path: 'admin',
        page: 'AdminLayout',
        // Until a screen shows its own heading, "Admin".
        title: 'Admin',
        // The admin screens share one chunk that visitors never download.
        // Its styles too: they are not in the stylesheet visitors load.
        chunk: () => Promise.all([import('./admin-screens.js'), linkStylesheet('admin')]).then(([screens]) => screens),
        children: [
          { index: true, page: 'DashboardPage', nav: 'Dashboard' },
          { path: 'alerts', page: 'AlertsPage', nav: 'Alerts', adminOnly: true },
          { path: 'users', page: 'UsersPage', nav: 'Users', adminOnly: true },
          { path: 'users/:id', children: editRoutes('UserEditPage'), adminOnly: true },
          { path: 'contacts', page: 'ContactsPage', nav: 'Contacts' },
          { path: 'feedback', page: 'FeedbackPage', nav: 'Feedback' },
          { path: 'gifts', page: 'GiftsPage', nav: 'Gifts', adminOnly: true },
          { path: 'notices', page: 'NoticesPage', nav: 'Notices' },
          { path: 'servicelist/:id', children: editRoutes('NoticeEditPage') },
          { path: 'certificates', page: 'CertificatesPage', nav: 'Certificates' },
          { path: 'team', page: 'RostersAdminPage', nav: 'Team' },
          { path: 'cards', page: 'CardsAdminPage', nav: 'Home cards' },
          { path: 'gallery', page: 'GalleryAdminPage', nav: 'Gallery' },
          { path: 'settings', page: 'SettingsAdminPage', nav: 'Settings' },
          { path: 'photos', page: 'PhotosAdminPage', nav: 'Photos' },
          { path: 'bengali', page: 'BengaliTextsPage', nav: 'Bengali' },
          { path: 'email', page: 'MailAdminPage', nav: 'Email', adminOnly: true },
          { path: 'audit', page: 'AuditPage', nav: 'Activity', adminOnly: true },
        ],
      },
      {
        path: '*',
        page: 'NotFoundPage',
        load: () => import('../features/not-found/not-found-page.jsx'),
        title: "Sorry, We couldn't find what you are looking for!",
      },
    ],
  },
];

/**
 * The route table with a Bengali twin of every public page under /bn (`/bn/gallery`, `/bn/team2k26`, `/bn/verify/7`,
 * and its own not-found page): what the app renders and the build lists for the server. The admin area has no twin;
 * it stays English.
 */
export const siteRoutes = routeTable.flatMap((route) =>
  route.path === '/'
    ? [route, { ...route, path: '/bn', lang: 'bn', children: route.children.filter((child) => child.path !== 'admin') }]
    : [route],
);

/** A record's address: bare, it goes on to its edit form. */
function editRoutes(page) {
  return [
    { index: true, redirect: 'edit' },
    { path: 'edit', page },
  ];
}
