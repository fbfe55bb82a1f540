// The admin area's frame: only admins and editors get in; a heading, the sidebar (with the database backup download
// for admins), and the chosen screen beside it. An editor sees only the screens they may use; one they open by its
// address says it is for admins. On a phone the sidebar's links are in the header's menu. An admin's Alerts link
// carries the number of alerts they have not read, counted again on every screen change. While the site requires a
// second factor that this account lacks, the server refuses every admin call: the area sends them to set one up.
import { Suspense, useCallback, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { refreshUnreadAlerts, useUnreadAlerts } from '../components/admin/alerts-api.js';
import { DownloadButton } from '../components/download-button.jsx';
import { HealthBanner } from '../features/health/health-banner.jsx';
import { checkHealth } from '../features/health/health.js';
import { onSecondFactorRequired } from '../lib/api-client.js';
import { isAdmin, isStaff, useSession } from '../lib/session.js';
import { siteZoneName } from '../lib/site-time.js';
import { AdminToDo } from './admin-to-do.jsx';
import './admin-layout.css';
import { adminNav } from './admin-pages.js';

/**
 * The screens, in the sidebar's order, as the route table names them; `adminOnly` ones (people, email, the activity
 * log) are not for editors.
 */
const sidebarLinks = [...adminNav, { to: '/logout', label: 'Logout' }];

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

  // The Account page says why, and shows where to set one up.
  const navigate = useNavigate();
  useEffect(() => onSecondFactorRequired(() => navigate('/account#second-factor', { replace: true })), [navigate]);

  // An alert raised while the admin works (by another admin, a server command, a lasting health problem) shows in
  // the badge by the next screen they open. Editors are not asked: alerts are for admins, and the call would fail.
  const admin = !loading && isAdmin(user);
  useEffect(() => {
    if (admin) refreshUnreadAlerts();
  }, [admin, pathname]);

  const { topKnown, toDoAnswered } = useTopOfScreen(loading ? null : admin);

  if (loading) return <p className="page-loading">Loading…</p>;
  if (!token || refused) return <Navigate to="/" replace />;
  return (
    <div className="page admin">
      <h1 className="page-title">Welcome To Admin Page</h1>
      <div className="admin-body">
        <AdminNav admin={isAdmin(user)} />
        <div className="admin-screen">
          <AdminToDo usable={usable} onAnswered={toDoAnswered} />
          <HealthBanner />
          {!topKnown ? (
            <p className="page-loading">Loading…</p>
          ) : !usable(pathname) ? (
            <AdminsOnly label={screen.label} />
          ) : (
            // One boundary per screen: a screen left while its code still loads must not hold the next one back
            // (Preact's Suspense would keep showing the left screen's suspension, with nothing, until it resolved).
            <Suspense key={screen?.to ?? pathname} fallback={<p className="page-loading">Loading…</p>}>
              <Outlet context={{ usable }} />
            </Suspense>
          )}
        </div>
      </div>
    </div>
  );
}

/** The longest the first screen waits for the lines above it: a server that does not answer keeps no screen away. */
const TOP_WAIT_MS = 3000;

/**
 * Whether what stands above the screens is known: the line of what waits and the health banner, which come from the
 * server. The first screen is drawn once they are (once per visit to the admin area), so neither pushes the screen
 * down under a hand or a pointer about to press one of its buttons. `admin`: whether the user is an admin (whose
 * line counts unread alerts too), null while the session is still read. `toDoAnswered` is for the line to call.
 */
function useTopOfScreen(admin) {
  const [toDo, setToDo] = useState(false);
  const [rest, setRest] = useState(false);
  const toDoAnswered = useCallback(() => setToDo(true), []);
  useEffect(() => {
    if (admin === null) return undefined;
    let live = true;
    // Asked once, however many ask: the banner and the badge ask the same as they first draw.
    Promise.allSettled([checkHealth(), admin ? refreshUnreadAlerts() : null]).then(() => live && setRest(true));
    const timer = window.setTimeout(() => {
      setToDo(true);
      setRest(true);
    }, TOP_WAIT_MS);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [admin]);
  return { topKnown: toDo && rest, toDoAnswered };
}

/**
 * The number of unread alerts beside the Alerts link (whose name says it in words). The count is shown whole: the
 * link's name holds the text it shows, as speech input needs.
 */
function UnreadBadge({ unread }) {
  return <span className="admin-badge">{unread}</span>;
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
 * The admin screens' links (`admin`: with the admins' screens and the backup). From 768 px they are the sidebar;
 * below, the header's one menu button opens them under the site's links (a portal into #main-nav-admin), so a phone
 * has one menu and the screen starts near the top.
 */
function AdminNav({ admin }) {
  const links = sidebarLinks.filter((link) => admin || !link.adminOnly);
  const [phoneMenu, setPhoneMenu] = useState(null);
  useEffect(() => setPhoneMenu(document.getElementById('main-nav-admin')), []);
  return (
    <>
      <nav className="admin-nav" aria-label="Admin">
        <AdminLinks links={links} admin={admin} linkClass="admin-nav-link" />
      </nav>
      {phoneMenu &&
        createPortal(
          <nav className="admin-phone-nav" aria-label="Admin">
            <p className="admin-phone-nav-title">Admin screens</p>
            <AdminLinks links={links} admin={admin} linkClass="nav-link" onChoose={() => window.scrollTo(0, 0)} />
          </nav>,
          phoneMenu,
        )}
    </>
  );
}

/** The Alerts link's path: its link carries the unread count. */
const ALERTS = '/admin/alerts';

function AdminLinks({ links, admin, linkClass, onChoose }) {
  // Read out with the link as "Alerts, 3 unread"; the badge's number is for the eye.
  const unread = useUnreadAlerts();
  const nameOf = (link) => (link.to === ALERTS && unread ? `${link.label}, ${unread} unread` : undefined);
  return (
    <>
      <ul>
        {links.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end={link.to === '/admin'}
              className={linkClass}
              onClick={onChoose}
              aria-label={nameOf(link)}
            >
              {link.label}
              {link.to === ALERTS && unread > 0 && (
                <>
                  {' '}
                  <UnreadBadge unread={unread} />
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
      <p className="admin-zone">Times in {siteZoneName()}</p>
      {admin && (
        <DownloadButton
          path="/api/admin/backup"
          fallbackName="jyoti-backup.db"
          className="button button-outline admin-backup"
        >
          Download backup
        </DownloadButton>
      )}
    </>
  );
}
