// The one client-route table, as plain data: each path, the page it shows and where the page's code comes from.

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
 */
export const routeTable = [
  {
    path: '/',
    page: 'Layout',
    children: [
      { index: true, page: 'HomePage' },
      { path: 'support', page: 'SupportPage', load: () => import('../features/support/support-page.jsx') },
      {
        path: 'team',
        page: 'RosterPage',
        props: { slug: 'core' },
        load: () => import('../features/rosters/roster-page.jsx'),
      },
      { rosterPaths: 'team', page: 'RosterPage' },
      { path: 'gallery', page: 'GalleryPage', load: () => import('../features/gallery/gallery-page.jsx') },
      { path: 'notice', page: 'NoticeBoardPage', load: () => import('../features/notices/notice-board-page.jsx') },
      { path: 'contact', page: 'ContactPage', load: () => import('../features/contacts/contact-page.jsx') },
      {
        path: 'form',
        page: 'FeedbackFormPage',
        load: () => import('../features/feedback/feedback-form-page.jsx'),
      },
      { path: 'signup', page: 'SignupPage', load: () => import('../features/auth/signup-page.jsx') },
      { path: 'login', page: 'LoginPage', load: () => import('../features/auth/login-page.jsx') },
      {
        path: 'forgot-password',
        page: 'ForgotPasswordPage',
        load: () => import('../features/auth/forgot-password-page.jsx'),
      },
      {
        path: 'reset-password',
        page: 'ResetPasswordPage',
        load: () => import('../features/auth/reset-password-page.jsx'),
      },
      {
        path: 'invitation',
        page: 'InvitationPage',
        load: () => import('../features/users/invitation-page.jsx'),
      },
      { path: 'logout', page: 'LogoutPage', load: () => import('../features/auth/logout-page.jsx') },
      { path: 'verify', page: 'VerifyPage', load: () => import('../features/certificates/verify-page.jsx') },
      { path: 'verify/:number', page: 'VerifyPage' },
      { path: 'account', page: 'AccountPage', load: () => import('../features/account/account-page.jsx') },
      {
        path: 'admin',
        page: 'AdminLayout',
        // The admin screens share one chunk that visitors never download.
        chunk: () => import('./admin-screens.js'),
        children: [
          { index: true, page: 'AdminHome' },
          { path: 'users', page: 'UsersPage' },
          { path: 'users/:id', children: editRoutes('UserEditPage') },
          { path: 'contacts', page: 'ContactsPage' },
          { path: 'feedback', page: 'FeedbackPage' },
          { path: 'notices', page: 'NoticesPage' },
          { path: 'servicelist/:id', children: editRoutes('NoticeEditPage') },
          { path: 'certificates', page: 'CertificatesPage' },
          { path: 'team', page: 'RostersAdminPage' },
          { path: 'cards', page: 'CardsAdminPage' },
          { path: 'gallery', page: 'GalleryAdminPage' },
          { path: 'settings', page: 'SettingsAdminPage' },
          { path: 'photos', page: 'PhotosAdminPage' },
          { path: 'email', page: 'MailAdminPage' },
          { path: 'audit', page: 'AuditPage' },
        ],
      },
      { path: '*', page: 'NotFoundPage', load: () => import('../features/not-found/not-found-page.jsx') },
    ],
  },
];

/** A record's address: bare, it goes on to its edit form. */
function editRoutes(page) {
  return [
    { index: true, redirect: 'edit' },
    { path: 'edit', page },
  ];
}
