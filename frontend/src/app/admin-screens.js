// Everything the admin area shows, gathered so the route table loads it as one chunk that visitors never fetch.
export { AdminLayout } from '../features/admin/admin-layout.jsx';
export { CertificatesPage } from '../features/admin-certificates/certificates-page.jsx';
export { CardsAdminPage } from '../features/admin-content/cards-page.jsx';
export { GalleryAdminPage } from '../features/admin-content/gallery-page.jsx';
export { PhotosAdminPage } from '../features/admin-content/photos-page.jsx';
export { SettingsAdminPage } from '../features/admin-content/settings-page.jsx';
export { TeamAdminPage } from '../features/admin-content/team-page.jsx';
export { NoticeEditPage } from '../features/admin-notices/notice-edit-page.jsx';
export { NoticesPage } from '../features/admin-notices/notices-page.jsx';
export { ContactsPage } from '../features/contacts/contacts-page.jsx';
export { UserEditPage } from '../features/users/user-edit-page.jsx';
export { UsersPage } from '../features/users/users-page.jsx';
