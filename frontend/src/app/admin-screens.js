// Everything the admin area shows, gathered so the route table loads it as one chunk that visitors never fetch.
export { AdminLayout } from './admin-layout.jsx';
export { DashboardPage } from '../features/dashboard/admin/dashboard-page.jsx';
export { UsersPage } from '../features/users/admin/users-page.jsx';
export { UserEditPage } from '../features/users/admin/user-edit-page.jsx';
export { ContactsPage } from '../features/contacts/admin/contacts-page.jsx';
export { FeedbackPage } from '../features/feedback/admin/feedback-page.jsx';
export { GiftsPage } from '../features/gifts/admin/gifts-page.jsx';
export { NoticesPage } from '../features/notices/admin/notices-page.jsx';
export { NoticeEditPage } from '../features/notices/admin/notice-edit-page.jsx';
export { CertificatesPage } from '../features/certificates/admin/certificates-page.jsx';
export { RostersAdminPage } from '../features/rosters/admin/rosters-admin-page.jsx';
export { CardsAdminPage } from '../features/home/admin/cards-admin-page.jsx';
export { GalleryAdminPage } from '../features/gallery/admin/gallery-admin-page.jsx';
export { SettingsAdminPage } from '../features/site-settings/admin/settings-admin-page.jsx';
export { PhotosAdminPage } from '../features/media/admin/photos-admin-page.jsx';
export { MailAdminPage } from '../features/mail/admin/mail-admin-page.jsx';
export { AuditPage } from '../features/audit/admin/audit-page.jsx';
