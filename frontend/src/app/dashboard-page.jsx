// /admin: what an admin or editor opens first (in app/: it gathers what several features show) — for an admin, the alerts they have not read, above all else; unread
// messages, how the site is doing (the checks of /healthz), the sample content still to replace, and the everyday
// jobs one press away.
import { useEffect, useRef } from 'react';
import { Link, useOutletContext } from 'react-router-dom';
import { fetchAlerts, markAlertsRead, unreadAlerts } from '../components/admin/alerts-api.js';
import { dayAndTime } from '../components/admin/cells.jsx';
import { api } from '../lib/api-client.js';
import { notifyDone, notifyRefusal, useApiData } from '../lib/api-hooks.js';
import { fetchGiftsWaiting } from '../features/gifts/api.js';
import { fetchBengaliTexts } from '../features/translations/api.js';
import { HEALTH_TOPICS } from '../features/health/health-banner.jsx';
import { useHealth } from '../features/health/health.js';
import { fetchPaymentHold } from '../features/site-settings/api.js';
import { takesEffectSentence } from '../features/site-settings/admin/payment-hold.jsx';
import { SampleContentLeft } from '../features/site-settings/admin/sample-content-left.jsx';
import './dashboard-page.css';

const QUICK_ACTIONS = [
  { to: '/admin/notices', label: 'Post a notice' },
  { to: '/admin/certificates', label: 'Issue a certificate' },
  { to: '/admin/photos#upload', label: 'Upload photos' },
];

const fetchUnread = () => api('/api/admin/contacts/unread');
const fetchMissingBengali = () => fetchBengaliTexts({ missing: '1', size: 1 });

export function DashboardPage() {
  const { usable } = useOutletContext();
  const alertsToo = usable('/admin/alerts');
  const alerts = useApiData(alertsToo ? fetchFirstAlerts : noAlerts);
  // The unread alerts come first: the cards wait for them (or for their failure), so the alerts never arrive above
  // a card already on screen and push it, or the link a keyboard user is on, out of view.
  if (alerts.data === null && !alerts.loadFailed) {
    return (
      <section className="dashboard" aria-labelledby="dashboard-title" aria-busy="true">
        <h2 id="dashboard-title">Dashboard</h2>
        <p>Loading…</p>
      </section>
    );
  }
  return (
    <section className="dashboard" aria-labelledby="dashboard-title">
      <h2 id="dashboard-title">Dashboard</h2>
      {alertsToo && <UnreadAlerts {...alerts} />}
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
        {alertsToo && <WaitingPaymentChange />}
        {usable('/admin/bengali') && <MissingBengali />}
      </div>
      <SampleContentLeft usable={usable} collapsible />
    </section>
  );
}

/** How many unread alerts the Dashboard lists; the rest are a link away. */
const ALERTS_SHOWN = 5;

const fetchFirstAlerts = () => fetchAlerts({ page: 1, size: ALERTS_SHOWN });
/** An editor's Dashboard has no alerts to wait for. */
const noAlerts = () => Promise.resolve({ ok: true, data: { items: [], unread: 0 } });

/**
 * The alerts this admin has not read (the server lists them first), each with its subject, linking to the Alerts
 * screen, when it was raised, and Mark as read. Nothing at all while none is unread: the Dashboard's first lines are
 * then the everyday ones.
 */
function UnreadAlerts({ data, reload }) {
  // After a mark its button is gone: the focus goes to this list's heading, or the Dashboard's once the list is.
  const refocus = useRef(false);
  const unread = (Array.isArray(data?.items) ? data.items : []).filter((alert) => !alert.read);
  const total = Number(data?.unread) || 0;

  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    const heading = document.getElementById('dashboard-alerts') ?? document.getElementById('dashboard-title');
    heading?.setAttribute('tabindex', '-1');
    heading?.focus();
  }, [data]);

  const markRead = async (alert) => {
    const response = await markAlertsRead([alert._id]);
    if (!response.ok) {
      notifyRefusal(response);
      return;
    }
    notifyDone(response, 'Marked as read');
    refocus.current = true;
    reload();
  };

  if (unread.length === 0) return null;
  return (
    <section className="dashboard-card dashboard-alerts" aria-labelledby="dashboard-alerts">
      <h3 id="dashboard-alerts">Unread alerts</h3>
      <ul className="dashboard-alert-list">
        {unread.map((alert) => (
          <li key={alert._id} className="dashboard-alert">
            <Link to="/admin/alerts" className="dashboard-alert-subject">
              {alert.subject}
            </Link>
            <time dateTime={alert.at}>{dayAndTime(alert.at)}</time>
            <button
              type="button"
              className="button button-small button-outline"
              onClick={() => markRead(alert)}
              aria-label={`Mark as read: ${alert.subject}`}
            >
              Mark as read
            </button>
          </li>
        ))}
      </ul>
      {total > unread.length && (
        <p>
          <Link to="/admin/alerts">See all {unreadAlerts(total)}</Link>
        </p>
      )}
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

/**
 * A change of the payment details waiting out its hold, only while there is one: when donors see it, and the way to
 * it at the top of Settings (where any admin can stop it). Last in the grid: arriving late, it moves no other card.
 */
function WaitingPaymentChange() {
  const { data } = useApiData(fetchPaymentHold);
  const pending = data?.pending;
  if (!pending) return null;
  return (
    <section className="dashboard-card dashboard-payment-hold" aria-labelledby="dashboard-payment-hold">
      <h3 id="dashboard-payment-hold">New payment details waiting</h3>
      <p>
        {pending.waitingForAlertMail
          ? 'They wait until an alert email about them reaches someone.'
          : `${takesEffectSentence(pending.takesEffectAt)}, unless an admin stops them.`}
      </p>
      <p>
        <Link to="/admin/settings#payment-hold">See the change, or stop it</Link>
      </p>
    </section>
  );
}

/**
 * How many public texts /bn still shows in English, with the way to the Bengali screen narrowed to them; or that
 * every text has its Bengali. Last in the grid, beside the change waiting: arriving late, it moves no other card.
 */
function MissingBengali() {
  const { data, error } = useApiData(fetchMissingBengali);
  const missing = data?.missing;
  if (error || typeof missing !== 'number') return null;
  return (
    <section className="dashboard-card" aria-labelledby="dashboard-bengali">
      <h3 id="dashboard-bengali">Bengali pages</h3>
      {missing === 0 ? (
        <p>Every public text has its Bengali.</p>
      ) : (
        <p>
          <Link to="/admin/bengali?missing=1">
            {missing} public {missing === 1 ? 'text has' : 'texts have'} no Bengali yet
          </Link>
          : the Bengali pages show {missing === 1 ? 'it' : 'them'} in English.
        </p>
      )}
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

/**
 * Each check of /healthz in a line saying what is true: fine (with what it found), off (what turning it on takes, and
 * a link to the volunteer's guide), or the problem (the banner above says it too).
 */
function SiteHealth() {
  // The banner above asks /healthz on every screen change; this card shows the same answer.
  const health = useHealth();
  const checks = health?.checks ?? null;
  const entries = Object.entries(checks ?? {}).filter(([name]) => HEALTH_TOPICS[name]);
  const problems = entries.filter(([, check]) => check.state !== 'ok');
  const off = entries.filter(([, check]) => check.off);
  return (
    <section className="dashboard-card" aria-labelledby="dashboard-health">
      <h3 id="dashboard-health">Site health</h3>
      {!health && <p>Loading…</p>}
      {health && !checks && <p>The site's checks could not be read.</p>}
      {checks !== null && <p className="dashboard-headline">{headline(problems, off)}</p>}
      {entries.length > 0 && (
        <ul className="dashboard-checks">
          {entries.map(([name, check]) => (
            <li key={name} className={`dashboard-check dashboard-check-${check.off ? 'off' : check.state}`}>
              <strong>{HEALTH_TOPICS[name]}:</strong> <CheckLine check={check} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The card's first line, as honest as the lines under it: the worst problem by name, else what is still off (the
 * site saves, but a lost server would lose it, or no alert would be mailed), else that nothing needs attention.
 */
function headline(problems, off) {
  const topics = (list) => list.map(([name]) => HEALTH_TOPICS[name]);
  const failing = problems.filter(([, check]) => check.state === 'fail');
  if (failing.length > 0) return `Needs attention now: ${topics(failing).join(', ')}. See the lines below.`;
  if (problems.length > 0) return `Needs a look: ${topics(problems).join(', ')}. See the lines below.`;
  if (off.length > 0) return `The site saves, but these are off: ${topics(off).join(', ')}. Each line says how to turn it on.`;
  return 'The site saves, and nothing needs attention now.';
}

/** Where the server serves the volunteer's guide (docs/running.md) as plain text. */
const GUIDE = '/docs/running.md';

function CheckLine({ check }) {
  if (check.off) {
    return (
      <>
        {check.message}{' '}
        {check.guide && (
          <a href={GUIDE}>
            Guide: “{check.guide}”
          </a>
        )}
      </>
    );
  }
  if (check.state === 'ok') return <>fine. {check.message}</>;
  return <>{check.message}</>;
}
