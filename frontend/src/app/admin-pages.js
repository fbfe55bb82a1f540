// The admin area's screens as plain data that imports no page: the route table makes the area's routes from it and
// the sidebar its links, so the frame that shows the screens never imports the table that loads the frame.
// `screen` is the screen's export in its chunk (admin-screens.js), `nav` its sidebar label, `adminOnly` screens are
// not for editors, and an `edit` screen is a record's form (its bare address goes on to `edit`).

import { ADMIN_AREA } from '../lib/areas.js';

export const adminPages = [
  { index: true, screen: 'DashboardPage', nav: 'Dashboard' },
  { path: 'alerts', screen: 'AlertsPage', nav: 'Alerts', adminOnly: true },
  { path: 'users', screen: 'UsersPage', nav: 'Users', adminOnly: true },
  { path: 'users/:id', screen: 'UserEditPage', edit: true, adminOnly: true },
  { path: 'contacts', screen: 'ContactsPage', nav: 'Contacts' },
  { path: 'feedback', screen: 'FeedbackPage', nav: 'Feedback' },
  { path: 'gifts', screen: 'GiftsPage', nav: 'Gifts', adminOnly: true },
  { path: 'notices', screen: 'NoticesPage', nav: 'Notices' },
  { path: 'servicelist/:id', screen: 'NoticeEditPage', edit: true },
  { path: 'followers', screen: 'FollowersPage', nav: 'Followers', adminOnly: true },
  { path: 'certificates', screen: 'CertificatesPage', nav: 'Certificates' },
  { path: 'team', screen: 'RostersAdminPage', nav: 'Team' },
  { path: 'cards', screen: 'CardsAdminPage', nav: 'Home cards' },
  { path: 'gallery', screen: 'GalleryAdminPage', nav: 'Gallery' },
  { path: 'settings', screen: 'SettingsAdminPage', nav: 'Settings' },
  { path: 'photos', screen: 'PhotosAdminPage', nav: 'Photos' },
  { path: 'bengali', screen: 'BengaliTextsPage', nav: 'Bengali' },
  { path: 'email', screen: 'MailAdminPage', nav: 'Email', adminOnly: true },
  { path: 'audit', screen: 'AuditPage', nav: 'Activity', adminOnly: true },
  { path: 'bin', screen: 'BinPage', nav: 'Bin' },
];

/** The sidebar's links, in its order: each screen with a label, at its full address. */
export const adminNav = adminPages
  .filter((page) => page.nav)
  .map((page) => ({
    to: page.index ? ADMIN_AREA : `${ADMIN_AREA}/${page.path}`,
    label: page.nav,
    adminOnly: Boolean(page.adminOnly),
  }));
