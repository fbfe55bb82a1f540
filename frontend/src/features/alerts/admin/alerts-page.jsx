// /admin/alerts (admins only): every alert the site raised — payment details, roles, email settings, invitations of
// admins, lasting health problems — unread first, then newest first, a page at a time; each read mark is this
// admin's own. Alerts about the payment details and the email settings stay pinned at the top until every admin has
// read them, so no burst of later alerts can push them off the first page. An alert's subject and body are React text, never markup: the body keeps the server's line breaks.
import { useCallback, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Received } from '../../../components/admin/cells.jsx';
import { DataTable } from '../../../components/admin/data-table.jsx';
import { countOf, Pager } from '../../../components/admin/list-controls.jsx';
import { usePagedList } from '../../../components/admin/use-paged-list.js';
import { useAction } from '../../../lib/api-hooks.js';
import { fetchAlerts, markAlertsRead, markAllAlertsRead } from '../api.js';
import './alerts-page.css';

/** The server's one order; with a single order the list offers no sort choice. */
const sorts = [{ value: 'unread', label: 'Unread first' }];

/** "Alerts also go to 2 addresses set on the server.": the addresses themselves are never shown to the web. */
function alsoToSentence(count) {
  if (!(count > 0)) return '';
  return `Alerts also go to ${count} ${count === 1 ? 'address' : 'addresses'} set on the server.`;
}

export function AlertsPage() {
  // What the page's answer says besides its rows: how many are unread, and how many server addresses get them too.
  const [summary, setSummary] = useState({ unread: null, alsoTo: 0 });
  const load = useCallback(async (query) => {
    const response = await fetchAlerts(query);
    if (response.ok && Array.isArray(response.data?.items)) {
      setSummary({ unread: Number(response.data.unread) || 0, alsoTo: Number(response.data.alsoTo) || 0 });
    }
    return response;
  }, []);
  const list = usePagedList(load, { sorts });
  const sectionRef = useRef(null);

  /**
   * After a mark, the list reloads and the pressed button goes (its alert moves below the unread ones): the focus
   * goes to the screen's heading, not to the end of the page.
   */
  const marked = () => {
    list.reload();
    const heading = sectionRef.current?.querySelector('h2');
    if (!heading) return;
    heading.tabIndex = -1;
    heading.focus();
  };

  const columns = [
    { header: 'When', cell: (alert) => <Received timestamp={alert.at} /> },
    {
      header: 'Alert',
      cell: (alert) => (
        <>
          {alert.pinned && <span className="alert-pinned">Pinned until every admin has read it</span>}
          <strong className="alert-subject">{alert.subject}</strong>
          <p className="alert-body">{alert.body}</p>
          {/payment details/.test(alert.subject) && (
            <Link to="/admin/settings#payment-hold">
              Payment details in Settings<span className="visually-hidden">: {alert.subject}</span>
            </Link>
          )}
        </>
      ),
      className: 'cell-alert',
    },
    { header: 'Read', cell: (alert) => <ReadState alert={alert} onMarked={marked} /> },
  ];

  const turnToTop = () => {
    const top = sectionRef.current?.getBoundingClientRect().top;
    if (top < 0) sectionRef.current.scrollIntoView({ block: 'start' });
  };

  return (
    <DataTable
      ref={sectionRef}
      className="alerts"
      title="Alerts"
      actions={<MarkAllRead unread={summary.unread} onMarked={marked} />}
      controls={
        <div className="alerts-summary">
          <p role="status">
            {list.rows !== null && `${countOf(list.total, 'alert')}, ${summary.unread ?? 0} unread`}
          </p>
          {summary.alsoTo > 0 && <p>{alsoToSentence(summary.alsoTo)}</p>}
        </div>
      }
      columns={columns}
      rows={list.rows}
      loadFailed={list.loadFailed}
      busy={list.loading}
      empty="No alerts yet: changes of the payment details, roles and email settings will show here."
      rowClassName={(alert) => (alert.read ? undefined : 'alert-unread')}
      footer={<Pager list={list} label="Pages of alerts" onTurn={turnToTop} />}
    />
  );
}

/** "Unread" and its Mark as read button, or "Read": said in words, not by the row's colour alone. */
function ReadState({ alert, onMarked }) {
  if (alert.read) return 'Read';
  return (
    <span className="alert-state">
      <span>Unread</span>
      <MarkButton act={() => markAlertsRead([alert._id])} onMarked={onMarked} rowName={alert.subject}>
        Mark as read
      </MarkButton>
    </span>
  );
}

/** Marks every alert read; it stays in place (and focusable) when none is unread, but does nothing. */
function MarkAllRead({ unread, onMarked }) {
  return (
    <MarkButton act={markAllAlertsRead} onMarked={onMarked} disabled={!unread} className="button button-small">
      Mark all as read
    </MarkButton>
  );
}

/**
 * A button that marks alerts read with `act()`, says so with the server's words and then runs `onMarked()`.
 * `rowName` completes its name for screen readers (which alert).
 */
function MarkButton({
  act,
  onMarked,
  rowName,
  disabled = false,
  className = 'button button-small button-outline',
  children,
}) {
  const { run, busy } = useAction(act, { success: 'Marked as read', onDone: onMarked });
  const press = () => {
    if (!disabled) run();
  };
  return (
    <button
      type="button"
      className={className}
      onClick={press}
      aria-label={rowName ? `${children}: ${rowName}` : undefined}
      aria-disabled={disabled || undefined}
      aria-busy={busy || undefined}
    >
      {children}
    </button>
  );
}
