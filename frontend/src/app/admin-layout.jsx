// The admin area's frame: only an admin gets in; a heading, the sidebar (with the database backup download),
// and the chosen screen beside it. On a phone the sidebar folds into a menu button above the screen.
import { Suspense, useEffect, useRef, useState } from 'react';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router-dom';
import { DownloadButton } from '../components/download-button.jsx';
import { HealthBanner } from '../features/health/health-banner.jsx';
import { SampleContentLeft } from '../features/site-settings/admin/sample-content-left.jsx';
import { useSession } from '../lib/session.js';
import './admin-layout.css';

const sidebarLinks = [
  { to: '/admin/users', label: 'Users' },
  { to: '/admin/contacts', label: 'Contacts' },
  { to: '/admin/feedback', label: 'Feedback' },
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

/** Where the Admin link leads. */
const FIRST_SCREEN = '/admin/users';

export function AdminLayout() {
  const { token, user, loading } = useSession();
  const { pathname } = useLocation();
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
        <AdminNav />
        <div className="admin-screen">
          <HealthBanner />
          {/* The first screen starts with what still shows the sample content. */}
          {pathname === FIRST_SCREEN && <SampleContentLeft />}
          <Suspense fallback={<p className="page-loading">Loading…</p>}>
            <Outlet />
          </Suspense>
        </div>
      </div>
    </div>
  );
}

/**
 * The sidebar; below 768 px it folds behind a button that names the current screen (the header's .menu-icon draws
 * its bars). Choosing a screen folds it again; Escape inside it folds it and gives the focus back to the button.
 */
function AdminNav() {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const toggle = useRef(null);
  const current = sidebarLinks.find((link) => pathname === link.to || pathname.startsWith(`${link.to}/`));
  const closeOnEscape = (event) => {
    if (event.key !== 'Escape' || !open) return;
    setOpen(false);
    toggle.current.focus();
  };
  return (
    <nav className="admin-nav" aria-label="Admin" onKeyDown={closeOnEscape}>
      <button
        ref={toggle}
        type="button"
        className="admin-menu-toggle button button-outline"
        aria-expanded={open}
        aria-controls="admin-nav-panel"
        onClick={() => setOpen(!open)}
      >
        <span className={open ? 'menu-icon menu-icon-open' : 'menu-icon'} aria-hidden="true" />
        {current ? `Admin menu: ${current.label}` : 'Admin menu'}
      </button>
      <div id="admin-nav-panel" className={open ? 'admin-nav-panel admin-nav-panel-open' : 'admin-nav-panel'}>
        <ul>
          {sidebarLinks.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} className="admin-nav-link" onClick={() => setOpen(false)}>
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
      </div>
    </nav>
  );
}
