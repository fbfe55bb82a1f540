// The alerts' calls (admins only) and the one unread count that the sidebar's badge, the Dashboard and the Alerts
// screen share, so marking an alert read anywhere updates the badge everywhere without each asking on its own.
import { useEffect, useState } from 'react';
import { api } from '../../lib/api-client.js';

/**
 * One page of the alerts, unread first, then newest first: `query` is {page, size}; answers {items: [{_id, at,
 * subject, body, read}], total, unread, page, size, alsoTo} — `alsoTo` is how many addresses set on the server get
 * every alert too (never the addresses).
 */
export const fetchAlerts = ({ page, size }) => api('/api/admin/alerts', { query: { page, size } });

/** Marks the alerts with these ids read for this admin (every admin reads their own); answers {msg}. */
export async function markAlertsRead(ids) {
  const response = await api('/api/admin/alerts/read', { method: 'POST', body: { ids } });
  if (response.ok) refreshUnreadAlerts();
  return response;
}

/** Marks every alert read for this admin; answers {msg}. */
export async function markAllAlertsRead() {
  const response = await api('/api/admin/alerts/read', { method: 'POST', body: { all: true } });
  if (response.ok) refreshUnreadAlerts();
  return response;
}

/** The last count the server gave, null before the first (or when it could not be read). */
let unread = null;
let asking = null;
const readers = new Set();

/**
 * Asks the server how many alerts this admin has not read (once, however many ask while it is on its way) and tells
 * every reader. Only for admins: an editor's call would be refused.
 */
export function refreshUnreadAlerts() {
  asking ??= api('/api/admin/alerts/unread').then(({ ok, data }) => {
    asking = null;
    const count = Number(data?.unread);
    // A failed answer keeps the count shown: a badge that vanished for a dropped request would say "all read".
    if (!ok || !Number.isSafeInteger(count)) return;
    unread = count;
    readers.forEach((read) => read(unread));
  });
  return asking;
}

/** The number of unread alerts as last counted, updated whenever it is counted again; null before the first count. */
export function useUnreadAlerts() {
  const [value, setValue] = useState(unread);
  useEffect(() => {
    readers.add(setValue);
    setValue(unread);
    return () => readers.delete(setValue);
  }, []);
  return value;
}

/** "1 unread alert", "3 unread alerts". */
export const unreadAlerts = (count) => `${count} unread ${count === 1 ? 'alert' : 'alerts'}`;
