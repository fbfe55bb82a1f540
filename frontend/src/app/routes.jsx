// The one route table. Team pages come from the rosters in the content, so a new roster needs no code change.
import { lazy, useEffect, useMemo } from 'react';
import { Navigate, useRoutes } from 'react-router-dom';
import { HomePage } from '../features/home/home-page.jsx';
import { useContent } from '../lib/content.js';
import { Layout } from './layout.jsx';

// Home ships in the first load; every other page is its own chunk, fetched in the background once the app
// runs, so the first visit stays small and later navigation does not wait.
const lazyPages = [];
function lazyPage(load, name) {
  const Page = lazy(() => load().then((module) => ({ default: module[name] })));
  lazyPages.push(load);
  return Page;
}

const SupportPage = lazyPage(() => import('../features/support/support-page.jsx'), 'SupportPage');
const TeamPage = lazyPage(() => import('../features/team/team-page.jsx'), 'TeamPage');
const GalleryPage = lazyPage(() => import('../features/gallery/gallery-page.jsx'), 'GalleryPage');
const NoticeBoardPage = lazyPage(() => import('../features/notices/notice-board-page.jsx'), 'NoticeBoardPage');
const ContactPage = lazyPage(() => import('../features/contact/contact-page.jsx'), 'ContactPage');
const FeedbackFormPage = lazyPage(() => import('../features/feedback-form/feedback-form-page.jsx'), 'FeedbackFormPage');
const SignupPage = lazyPage(() => import('../features/auth/signup-page.jsx'), 'SignupPage');
const LoginPage = lazyPage(() => import('../features/auth/login-page.jsx'), 'LoginPage');
const LogoutPage = lazyPage(() => import('../features/auth/logout-page.jsx'), 'LogoutPage');
const VerifyPage = lazyPage(() => import('../features/certificates/verify-page.jsx'), 'VerifyPage');
const AccountPage = lazyPage(() => import('../features/account/account-page.jsx'), 'AccountPage');
const NotFoundPage = lazyPage(() => import('../features/not-found/not-found-page.jsx'), 'NotFoundPage');
// The admin screens share one chunk, and it is not prefetched: a visitor never downloads it.
const loadAdmin = () => import('./admin-screens.js');
const adminScreen = (name) => lazy(() => loadAdmin().then((module) => ({ default: module[name] })));
const AdminLayout = adminScreen('AdminLayout');
const UsersPage = adminScreen('UsersPage');
const UserEditPage = adminScreen('UserEditPage');
const ContactsPage = adminScreen('ContactsPage');
const NoticesPage = adminScreen('NoticesPage');
const NoticeEditPage = adminScreen('NoticeEditPage');
const CertificatesPage = adminScreen('CertificatesPage');
const TeamAdminPage = adminScreen('TeamAdminPage');
const CardsAdminPage = adminScreen('CardsAdminPage');
const GalleryAdminPage = adminScreen('GalleryAdminPage');
const SettingsAdminPage = adminScreen('SettingsAdminPage');
const PhotosAdminPage = adminScreen('PhotosAdminPage');

// Slugs become part of a path; anything but letters, digits and dashes could clash with route syntax.
const routableSlug = /^[a-z0-9-]+$/i;

export function AppRoutes() {
  const { teams } = useContent();
  useEffect(() => {
    const prefetch = () => lazyPages.forEach((load) => load());
    if ('requestIdleCallback' in window) requestIdleCallback(prefetch, { timeout: 3000 });
    else setTimeout(prefetch, 1000);
  }, []);

  const rosterSlugs = Object.keys(teams)
    .filter((slug) => slug !== 'core' && routableSlug.test(slug))
    .join(' ');

  const routes = useMemo(
    () => [
      {
        path: '/',
        element: <Layout />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'support', element: <SupportPage /> },
          { path: 'team', element: <TeamPage slug="core" /> },
          ...rosterSlugs
            .split(' ')
            .filter(Boolean)
            .map((slug) => ({ path: `team${slug}`, element: <TeamPage key={slug} slug={slug} /> })),
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
              { path: 'team', element: <TeamAdminPage /> },
              { path: 'cards', element: <CardsAdminPage /> },
              { path: 'gallery', element: <GalleryAdminPage /> },
              { path: 'settings', element: <SettingsAdminPage /> },
              { path: 'photos', element: <PhotosAdminPage /> },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
    [rosterSlugs],
  );

  return useRoutes(routes);
}
