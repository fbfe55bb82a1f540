// /admin: what an admin or editor opens first — unread messages, how the site is doing (the checks of /healthz),
// the sample content still to replace, and the everyday jobs one press away.
import { Link, useOutletContext } from 'react-router-dom';
import { api } from '../../../lib/api-client.js';
import { useApiData } from '../../../lib/api-hooks.js';
import { fetchGiftsWaiting } from '../../gifts/api.js';
import { HEALTH_TOPICS } from '../../health/health-banner.jsx';
import { useHealth } from '../../health/health.js';
import { SampleContentLeft } from '../../site-settings/admin/sample-content-left.jsx';
import './dashboard-page.css';

const QUICK_ACTIONS = [
  { to: '/admin/notices', label: 'Post a notice' },
  { to: '/admin/certificates', label: 'Issue a certificate' },
  { to: '/admin/photos#upload', label: 'Upload photos' },
];

const fetchUnread = () => api('/api/admin/contacts/unread');

export function DashboardPage() {
  const { usable } = useOutletContext();
  return (
    <section className="dashboard" aria-labelledby="dashboard-title">
      <h2 id="dashboard-title">Dashboard</h2>
      <div className="dashboard-grid">
        <UnreadMessages giftsToo={usable('/admin/gifts')} />
        <SiteHealth />
        <section className="dashboard-card" aria-labelledby="dashboard-actions">
          <h3 id="dashboard-actions">Quick actions</h3>
          <ul className="dashboard-actions">
            {QUICK_ACTIONS.filter((action) => usable(action.to)).map((action) => (
              <li key={action.to}>
                <Link className="button" to={action.to}>
                  {action.label}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <SampleContentLeft usable={usable} collapsible />
    </section>
  );
}

/** Unread contact messages; for admins, also the gifts donors told us about that are still to find on the statement. */
function UnreadMessages({ giftsToo }) {
  const { data, error } = useApiData(fetchUnread);
  const unread = data?.unread;
  return (
    <section className="dashboard-card" aria-labelledby="dashboard-messages">
      <h3 id="dashboard-messages">Messages</h3>
      {error && <p>The number of unread messages could not be loaded.</p>}
      {unread === undefined && !error && <p>Loading…</p>}
      {unread !== undefined && (
        <p>
          <Link to="/admin/contacts">
            {unread === 0 ? 'No unread messages' : `${unread} unread ${unread === 1 ? 'message' : 'messages'}`}
          </Link>
        </p>
      )}
      {giftsToo && <GiftsWaiting />}
    </section>
  );
}

/** "2 gifts to find on the statement", only while there are any. */
function GiftsWaiting() {
  const { data } = useApiData(fetchGiftsWaiting);
  const waiting = data?.waiting;
  if (!waiting) return null;
  return (
    <p>
      <Link to="/admin/gifts?sort=waiting">
        {waiting} {waiting === 1 ? 'gift' : 'gifts'} to find on the statement
      </Link>
    </p>
  );
}

/** Each check of /healthz in a line; a problem says what it is (the banner above says what to do). */
function SiteHealth() {
  // The banner above asks /healthz on every screen change; this card shows the same answer.
  const health = useHealth();
  const checks = health?.checks ?? null;
  const entries = Object.entries(checks ?? {}).filter(([name]) => HEALTH_TOPICS[name]);
  const problems = entries.filter(([, check]) => check.state !== 'ok');
  return (
    <section className="dashboard-card" aria-labelledby="dashboard-health">
      <h3 id="dashboard-health">Site health</h3>
      {!health && <p>Loading…</p>}
      {health && !checks && <p>The site's checks could not be read.</p>}
      {checks !== null && problems.length === 0 && <p>All is well: the site saves, and nothing needs attention.</p>}
      {entries.length > 0 && (
        <ul className="dashboard-checks">
          {entries.map(([name, check]) => (
            <li key={name} className={`dashboard-check dashboard-check-${check.state}`}>
              <strong>{HEALTH_TOPICS[name]}:</strong> {check.state === 'ok' ? 'fine' : check.message}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
