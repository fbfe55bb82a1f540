// One line above every admin screen but the Dashboard while something waits there — the sample content still to
// replace (the site address first) and, for an admin, the alerts they have not read: "3 things to finish · 1 alert",
// linking the Dashboard. The Admin link opens /admin/users, so this is where an admin sees it first.
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useUnreadAlerts } from '../components/admin/alerts-api.js';
import { fetchSampleContentLeft } from '../features/site-settings/api.js';
import './admin-to-do.css';

const plural = (count, one, many) => `${count} ${count === 1 ? one : many}`;

/**
 * `usable(screen)`: whether the user may use an admin screen (only what they can replace counts). `onAnswered()` is
 * called once each time the server has answered (or failed to), with the line drawn from that answer.
 */
export function AdminToDo({ usable, onAnswered }) {
  const { pathname } = useLocation();
  const unread = useUnreadAlerts();
  const [samples, setSamples] = useState([]);

  // Asked again on every screen change: replacing a sample on one screen shortens the line on the next.
  useEffect(() => {
    let live = true;
    fetchSampleContentLeft().then(({ ok, data }) => {
      if (!live) return;
      if (ok && Array.isArray(data)) setSamples(data);
      onAnswered?.();
    });
    return () => {
      live = false;
    };
  }, [pathname, onAnswered]);

  if (pathname === '/admin') return null;
  const left = samples.filter((item) => usable(item.where)).length;
  const parts = [];
  if (left > 0) parts.push(plural(left, 'thing to finish', 'things to finish'));
  if (unread > 0) parts.push(plural(unread, 'alert', 'alerts'));
  if (parts.length === 0) return null;
  return (
    <p className="admin-to-do">
      <Link to="/admin">{parts.join(' · ')}</Link>
    </p>
  );
}
