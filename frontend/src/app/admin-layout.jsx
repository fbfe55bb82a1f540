// The admin area's frame: only admins and editors get in; a heading, the sidebar (with the database backup download
// for admins), and the chosen screen beside it. An editor sees only the screens they may use; one they open by its
// address says it is for admins. On a phone the sidebar folds into a menu button above the screen.
import { Suspense, useEffect, useRef, useState } from 'react';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router-dom';
import { DownloadButton } from '../components/download-button.jsx';
import { HealthBanner } from '../features/health/health-banner.jsx';
import { SampleContentLeft } from '../features/site-settings/admin/sample-content-left.jsx';
import { firstAdminScreen, isAdmin, isStaff, useSession } from '../lib/session.js';
import './admin-layout.css';
import { navPages } from './route-pages.js';
import { routeTable } from './route-table.js';

/**
 * The screens, in the sidebar's order, as the route table names them; `adminOnly` ones (people, email, the activity
 * log) are not for editors.
 */
const sidebarLinks = [
  ...navPages(routeTable, '/admin').map((page) => ({ to: page.path, label: page.nav, adminOnly: page.adminOnly })),
  { to: '/logout', label: 'Logout' },
];

/** The sidebar link of the screen at `pathname` (its own path or one below it, e.g. a user's edit form). */
const screenOf = (pathname) =>
  sidebarLinks.find((link) => pathname === link.to || (link.to !== '/admin' && pathname.startsWith(`${link.to}/`)));

export function AdminLayout() {
  const { token, user, loading } = useSession();
  const { pathname } = useLocation();
  const refused = Boolean(token) && !loading && !isStaff(user);
  const screen = screenOf(pathname);
  /** Whether the user may use the admin screen at `path` (a query string is no part of which screen it is). */
  const usable = (path) => isAdmin(user) || !screenOf(path.split('?')[0])?.adminOnly;

  useEffect(() => {
    if (refused) window.alert('Ask admin to get access');
  }, [refused]);

  if (loading) return <p className="page-loading">Loading…</p>;
  if (!token || refused) return <Navigate to="/" replace />;
  return (
    <div className="page admin">
      <h1 className="page-title">Welcome To Admin Page</h1>
      <div className="admin-body">
        <AdminNav admin={isAdmin(user)} />
        <div className="admin-screen">
          <HealthBanner />
          {/* The first screen starts with what still shows the sample content. */}
          {pathname === firstAdminScreen(user) && <SampleContentLeft usable={usable} />}
          {!usable(pathname) ? (
            <AdminsOnly label={screen.label} />
          ) : (
            <Suspense fallback={<p className="page-loading">Loading…</p>}>
              <Outlet context={{ usable }} />
            </Suspense>
          )}
        </div>
      </div>
    </div>
  );
}


/** What an editor sees of a screen for admins, instead of its calls failing. */
function AdminsOnly({ label }) {
  return (
    <section aria-labelledby="admins-only-title">
      <h2 id="admins-only-title">{label}</h2>
      <p>Only admins can use this screen.</p>
    </section>
  );
}

/**
 * The sidebar (`admin`: with the admins' screens and the backup); below 768 px it folds behind a button that names
 * the current screen (the header's .menu-icon draws its bars). Choosing a screen folds it again; Escape inside it
 * folds it and gives the focus back to the button.
 */
function AdminNav({ admin }) {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const toggle = useRef(null);
  const links = sidebarLinks.filter((link) => admin || !link.adminOnly);
  const current = screenOf(pathname);
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
          {links.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.to === '/admin'} className="admin-nav-link" onClick={() => setOpen(false)}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
        {admin && (
          <DownloadButton
            path="/api/admin/backup"
            fallbackName="jyoti-backup.db"
            className="button button-outline admin-backup"
          >
            Download backup
          </DownloadButton>
        )}
      </div>
    </nav>
  );
}
