// The one route table. Team pages come from the rosters in the content, so a new roster needs no code change.
import { lazy, useEffect, useMemo, useState } from 'react';
import { matchRoutes, Navigate, useRoutes } from 'react-router-dom';
import { HomePage } from '../features/home/home-page.jsx';
import { useContent } from '../lib/content.js';
import { Layout } from './layout.jsx';

/**
 * A page in a chunk of its own. `preload()` fetches the chunk; once it is in, the page renders at once instead of
 * suspending, so neither the first page after the loader nor a later navigation flashes the Suspense fallback
 * (whose swap for the page would shift the layout).
 */
function lazyPage(load, name) {
  let loaded = null;
  const preload = () =>
    load().then((module) => {
      loaded = module[name];
    });
  const Suspending = lazy(() => preload().then(() => ({ default: loaded })));
  function Page(props) {
    // Chosen once per mount: switching type later would remount the page and lose its state.
    const [Shown] = useState(() => loaded ?? Suspending);
    return <Shown {...props} />;
  }
  Page.preload = preload;
  return Page;
}

// Home ships in the first load; every other public page is its own chunk, fetched in the background once the app
// runs, so the first visit stays small and later navigation does not wait.
const SupportPage = lazyPage(() => import('../features/support/support-page.jsx'), 'SupportPage');
const RosterPage = lazyPage(() => import('../features/rosters/roster-page.jsx'), 'RosterPage');
const GalleryPage = lazyPage(() => import('../features/gallery/gallery-page.jsx'), 'GalleryPage');
const NoticeBoardPage = lazyPage(() => import('../features/notices/notice-board-page.jsx'), 'NoticeBoardPage');
const ContactPage = lazyPage(() => import('../features/contacts/contact-page.jsx'), 'ContactPage');
const FeedbackFormPage = lazyPage(() => import('../features/feedback-form/feedback-form-page.jsx'), 'FeedbackFormPage');
const SignupPage = lazyPage(() => import('../features/auth/signup-page.jsx'), 'SignupPage');
const LoginPage = lazyPage(() => import('../features/auth/login-page.jsx'), 'LoginPage');
const LogoutPage = lazyPage(() => import('../features/auth/logout-page.jsx'), 'LogoutPage');
const VerifyPage = lazyPage(() => import('../features/certificates/verify-page.jsx'), 'VerifyPage');
const AccountPage = lazyPage(() => import('../features/account/account-page.jsx'), 'AccountPage');
const NotFoundPage = lazyPage(() => import('../features/not-found/not-found-page.jsx'), 'NotFoundPage');
const publicPages = [
  SupportPage,
  RosterPage,
  GalleryPage,
  NoticeBoardPage,
  ContactPage,
  FeedbackFormPage,
  SignupPage,
  LoginPage,
  LogoutPage,
  VerifyPage,
  AccountPage,
  NotFoundPage,
];
// The admin screens share one chunk, and it is not prefetched: a visitor never downloads it.
const loadAdmin = () => import('./admin-screens.js');
const adminScreen = (name) => lazyPage(loadAdmin, name);
const AdminLayout = adminScreen('AdminLayout');
const UsersPage = adminScreen('UsersPage');
const UserEditPage = adminScreen('UserEditPage');
const ContactsPage = adminScreen('ContactsPage');
const NoticesPage = adminScreen('NoticesPage');
const NoticeEditPage = adminScreen('NoticeEditPage');
const CertificatesPage = adminScreen('CertificatesPage');
const RostersAdminPage = adminScreen('RostersAdminPage');
const CardsAdminPage = adminScreen('CardsAdminPage');
const GalleryAdminPage = adminScreen('GalleryAdminPage');
const SettingsAdminPage = adminScreen('SettingsAdminPage');
const PhotosAdminPage = adminScreen('PhotosAdminPage');

export function AppRoutes() {
  const { teams } = useContent();
  useEffect(() => {
    const prefetch = () => publicPages.forEach((page) => page.preload());
    if ('requestIdleCallback' in window) requestIdleCallback(prefetch, { timeout: 3000 });
    else setTimeout(prefetch, 1000);
  }, []);

  const rosterSlugs = routableRosterSlugs(teams);
  const routes = useMemo(() => routeTable(rosterSlugs), [rosterSlugs]);
  return useRoutes(routes);
}

/**
 * Fetches the chunks of the pages that `pathname` shows, so the app can keep the loader up until the first page
 * renders whole. A chunk that fails to load is left to the page's own Suspense.
 */
export function preloadPagesFor(pathname, teams) {
  const matches = matchRoutes(routeTable(routableRosterSlugs(teams)), pathname) ?? [];
  const preloads = matches.map(({ route }) => route.element?.type?.preload?.().catch(() => undefined));
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

function routeTable(rosterSlugs) {
  return [
    {
      path: '/',
      element: <Layout />,
      children: [
        { index: true, element: <HomePage /> },
        { path: 'support', element: <SupportPage /> },
        { path: 'team', element: <RosterPage slug="core" /> },
        ...rosterSlugs
          .split(' ')
          .filter(Boolean)
          .map((slug) => ({ path: `team${slug}`, element: <RosterPage key={slug} slug={slug} /> })),
        { path: 'gallery', element: <GalleryPage /> },
        { path: 'notice', element: <NoticeBoardPage /> },
        { path: 'contact', element: <ContactPage /> },
        { path: 'form', element: <FeedbackFormPage /> },
        { path: 'signup', element: <SignupPage /> },
        { path: 'login', element: <LoginPage /> },
        { path: 'logout', element: <LogoutPage /> },
        { path: 'verify', element: <VerifyPage /> },
        { path: 'account', element: <AccountPage /> },
        {
          path: 'admin',
          element: <AdminLayout />,
          children: [
            { index: true, element: <Navigate to="users" replace /> },
            { path: 'users', element: <UsersPage /> },
            {
              path: 'users/:id',
              children: [
                { index: true, element: <Navigate to="edit" replace /> },
                { path: 'edit', element: <UserEditPage /> },
              ],
            },
            { path: 'contacts', element: <ContactsPage /> },
            { path: 'notices', element: <NoticesPage /> },
            {
              path: 'servicelist/:id',
              children: [
                { index: true, element: <Navigate to="edit" replace /> },
                { path: 'edit', element: <NoticeEditPage /> },
              ],
            },
            { path: 'certificates', element: <CertificatesPage /> },
            { path: 'team', element: <RostersAdminPage /> },
            { path: 'cards', element: <CardsAdminPage /> },
            { path: 'gallery', element: <GalleryAdminPage /> },
            { path: 'settings', element: <SettingsAdminPage /> },
            { path: 'photos', element: <PhotosAdminPage /> },
          ],
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}
