// Everything the admin area shows, which visitors never fetch. The frame (sidebar, alerts' badge) and the dashboard
// come in the admin chunk the route table loads; every other screen is a chunk of its own, fetched when it is first
// opened, so the admin chunk stays small as screens grow. Their styles go into the admin stylesheet all the same
// (build.mjs follows these imports).
export { AdminLayout } from './admin-layout.jsx';
export { DashboardPage } from './dashboard-page.jsx';

const screens = {
  AlertsPage: () => import('../features/alerts/admin/alerts-page.jsx'),
  UsersPage: () => import('../features/users/admin/users-page.jsx'),
  UserEditPage: () => import('../features/users/admin/user-edit-page.jsx'),
  ContactsPage: () => import('../features/contacts/admin/contacts-page.jsx'),
  FeedbackPage: () => import('../features/feedback/admin/feedback-page.jsx'),
  GiftsPage: () => import('../features/gifts/admin/gifts-page.jsx'),
  NoticesPage: () => import('../features/notices/admin/notices-page.jsx'),
  NoticeEditPage: () => import('../features/notices/admin/notice-edit-page.jsx'),
  FollowersPage: () => import('../features/notices/admin/followers-page.jsx'),
  CertificatesPage: () => import('../features/certificates/admin/certificates-page.jsx'),
  RostersAdminPage: () => import('../features/rosters/admin/rosters-admin-page.jsx'),
  CardsAdminPage: () => import('../features/home/admin/cards-admin-page.jsx'),
  GalleryAdminPage: () => import('../features/gallery/admin/gallery-admin-page.jsx'),
  SettingsAdminPage: () => import('../features/site-settings/admin/settings-admin-page.jsx'),
  PhotosAdminPage: () => import('../features/media/admin/photos-admin-page.jsx'),
  BengaliTextsPage: () => import('../features/translations/admin/bengali-texts-page.jsx'),
  MailAdminPage: () => import('../features/mail/admin/mail-admin-page.jsx'),
  AuditPage: () => import('../features/audit/admin/audit-page.jsx'),
  BinPage: () => import('../features/bin/admin/bin-page.jsx'),
};

/** The screen component `name` (an export of its file, and the key above), once its chunk is in. */
export const screen = (name) => screens[name]().then((module) => module[name]);
