// /admin/audit: the activity log, newest first, a page at a time and searched: when, who, from which address, what
// was done to what, and each changed field old → new; and its CSV download. Entries are React text, never markup.
import { Received } from '../../../components/admin/cells.jsx';
import { countOf } from '../../../components/admin/list-controls.jsx';
import { PagedTable } from '../../../components/admin/paged-table.jsx';
import { NEWEST_FIRST, usePagedList } from '../../../components/admin/use-paged-list.js';
import { DownloadButton } from '../../../components/download-button.jsx';
import { auditCsv, fetchAudit } from '../api.js';
import './audit-page.css';

const sorts = [NEWEST_FIRST];

const columns = [
  { header: 'When', cell: (entry) => <Received timestamp={entry.at} /> },
  { header: 'Who', cell: (entry) => entry.actor },
  { header: 'Address', cell: (entry) => entry.address, className: 'cell-address' },
  { header: 'What', cell: (entry) => [entry.action, entry.target].filter(Boolean).join(' · ') },
  { header: 'Changes', cell: (entry) => <Changes changes={entry.changes} />, className: 'cell-text' },
];

export function AuditPage() {
  const list = usePagedList(fetchAudit, { sorts });
  return (
    <PagedTable
      title="Activity"
      actions={
        <DownloadButton path={auditCsv(list.searched)} fallbackName="jyoti-activity.csv">
          Download CSV{list.searched && ` (${countOf(list.total, 'event')})`}
        </DownloadButton>
      }
      list={list}
      noun="event"
      searchLabel="Search by who, address, what or change"
      columns={columns}
      empty="Nothing has been recorded yet."
    />
  );
}

/** Each changed field as "field: old → new"; an empty value shows as "(empty)", as the alert mails say. */
function Changes({ changes }) {
  if (!changes?.length) return null;
  return (
    <ul className="audit-changes">
      {changes.map((change, index) => (
        <li key={`${change.field}-${index}`}>
          {change.field}: {change.old || '(empty)'} → {change.new || '(empty)'}
        </li>
      ))}
    </ul>
  );
}
