// The admin area's frame: only an admin gets in; a heading, the sidebar (with the database backup download),
// and the chosen screen beside it.
import { Suspense, useEffect } from 'react';
import { Navigate, NavLink, Outlet } from 'react-router-dom';
import { DownloadButton } from '../components/download-button.jsx';
import { useSession } from '../lib/session.js';
import './admin-layout.css';

const sidebarLinks = [
  { to: '/admin/users', label: 'Users' },
  { to: '/admin/contacts', label: 'Contacts' },
  { to: '/admin/notices', label: 'Notices' },
  { to: '/admin/certificates', label: 'Certificates' },
  { to: '/admin/team', label: 'Team' },
  { to: '/admin/cards', label: 'Home cards' },
  { to: '/admin/gallery', label: 'Gallery' },
  { to: '/admin/settings', label: 'Settings' },
  { to: '/admin/photos', label: 'Photos' },
  { to: '/admin/email', label: 'Email' },
  { to: '/logout', label: 'Logout' },
];

export function AdminLayout() {
  const { token, user, loading } = useSession();
  const refused = Boolean(token) && !loading && !user?.isAdmin;

  useEffect(() => {
    if (refused) window.alert('Ask admin to get access');
  }, [refused]);

  if (loading) return <p className="page-loading">Loading…</p>;
  if (!token || refused) return <Navigate to="/" replace />;
  return (
    <div className="page admin">
      <h1 className="page-title">Welcome To Admin Page</h1>
      <div className="admin-body">
        <nav className="admin-nav" aria-label="Admin">
          <ul>
            {sidebarLinks.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className="admin-nav-link">
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <DownloadButton
            path="/api/admin/backup"
            fallbackName="jyoti-backup.db"
            className="button button-outline admin-backup"
          >
            Download backup
          </DownloadButton>
        </nav>
        <div className="admin-screen">
          <Suspense fallback={<p className="page-loading">Loading…</p>}>
            <Outlet />
          </Suspense>
        </div>
      </div>
    </div>
  );
}
