// /admin/audit: the activity log, newest first, a page at a time, searched and filtered by kind (sign-ins hidden
// unless asked for) and by person: when, who, from which address, what was done to what, and each changed field
// old → new; and its CSV download with the same filters. Entries are React text, never markup.
import { Received } from '../../../components/admin/cells.jsx';
import { countOf, FilterChoice } from '../../../components/admin/list-controls.jsx';
import { PagedTable } from '../../../components/admin/paged-table.jsx';
import { NEWEST_FIRST, usePagedList } from '../../../components/admin/use-paged-list.js';
import { DownloadButton } from '../../../components/download-button.jsx';
import { useApiData } from '../../../lib/api-hooks.js';
import { auditCsv, fetchAudit, fetchAuditActors } from '../api.js';
import './audit-page.css';

const sorts = [NEWEST_FIRST];

const filters = ['kind', 'actor'];

/**
 * The kinds of entry, as the server files them. Sign-ins are many and rarely what an admin looks for, so the list
 * starts without them.
 */
const KINDS = [
  ['', 'Everything but sign-ins'],
  ['signins', 'Sign-ins'],
  ['payment', 'Payment details'],
  ['users', 'Users and roles'],
  ['content', 'Content'],
  ['settings', 'Settings (email, backups, site address)'],
  ['commands', 'Server commands'],
  ['all', 'Everything'],
];

const columns = [
  { header: 'When', cell: (entry) => <Received timestamp={entry.at} /> },
  // "Name <email>" and an IP address: wrap after an "@", a dot or a colon (IPv6), as every address in the admin tables
  // does (DataTable), never inside a word.
  { header: 'Who', cell: (entry) => entry.actor, className: 'cell-address' },
  { header: 'Address', cell: (entry) => entry.address, className: 'cell-address' },
  { header: 'What', cell: (entry) => [entry.action, entry.target].filter(Boolean).join(' · ') },
  { header: 'Changes', cell: (entry) => <Changes changes={entry.changes} />, className: 'cell-text' },
];

export function AuditPage() {
  const list = usePagedList(fetchAudit, { sorts, filters });
  const { kind, actor } = list.filters;
  const narrowed = Boolean(list.searched || kind || actor);
  return (
    <PagedTable
      className="audit"
      title="Activity"
      actions={
        <DownloadButton path={auditCsv({ q: list.searched, kind, actor })} fallbackName="jyoti-activity.csv">
          Download CSV{narrowed && ` (${countOf(list.total, 'event')})`}
        </DownloadButton>
      }
      list={list}
      noun="event"
      searchLabel="Search by who, address, what or change"
      filters={
        <>
          <FilterChoice list={list} name="kind" label="Kind" options={KINDS} />
          <PersonChoice list={list} />
        </>
      }
      columns={columns}
      empty={kind || actor ? 'No events of this kind or by this person.' : 'Nothing has been recorded yet.'}
    />
  );
}

/**
 * Whose entries to show: anyone, or one of the people the log names. A person in the address who is not (yet) in
 * the list is still offered, so the choice shows what the list is filtered by.
 */
function PersonChoice({ list }) {
  const { data } = useApiData(fetchAuditActors);
  const people = Array.isArray(data) ? data.filter((name) => typeof name === 'string' && name) : [];
  const chosen = list.filters.actor;
  if (chosen && !people.includes(chosen)) people.unshift(chosen);
  const options = [['', 'Anyone'], ...people.map((name) => [name, name])];
  return <FilterChoice list={list} name="actor" label="Person" options={options} />;
}

/**
 * The settings the log stores by their names in the API (`upiId`, `heroTitle (বাংলা)` for its Bengali), as the
 * Settings screen and the alert mails name them. Other fields (`firstname`, `role`) read as they are.
 */
const FIELD_LABELS = {
  heroTitle: 'Welcome heading',
  heroText: 'Welcome text',
  heroPhoto: 'Banner photo',
  visitTimes: 'Visit us class times',
  visitAges: 'Visit us ages',
  visitAddress: 'Visit us address',
  visitPhone: 'Visit us phone number',
  donationAppeal: 'Appeal to donors',
  donationHolder: 'Account holder',
  donationAccount: 'Bank account number',
  donationIfsc: 'IFSC code',
  donationBranch: 'Bank branch',
  donationBank: 'Bank name',
  upiId: 'UPI ID',
  upiPayee: 'UPI payee name',
  donationRegistration: 'Registration',
  donationTax: 'Tax benefit',
  donationPhone: 'Phone number for donors',
  supportPhoto: 'Support page photo',
  address: 'Address',
  contactEmail: 'Contact email',
  linkedin: 'LinkedIn page',
  facebook: 'Facebook page',
  instagram: 'Instagram page',
  presidentName: 'President’s name',
  presidentMessage: 'President’s message',
  makersCredit: 'Credit to the site makers',
  footerYear: 'Year in the copyright line',
  galleryMoreUrl: 'Full photo folder (Show More)',
  clubLogo: 'Club logo',
  collegeLogo: 'College emblem',
  siteAddress: 'The site’s address',
  host: 'SMTP server',
  sender: 'Send from',
  contactTo: 'Send contact messages to',
};

/** A stored field's name as the screens say it: "UPI ID", "Welcome heading in Bengali"; one they do not name, as is. */
function fieldLabel(field) {
  const bengali = field.endsWith(' (বাংলা)');
  const english = bengali ? field.slice(0, -' (বাংলা)'.length) : field;
  const label = FIELD_LABELS[english] ?? english;
  return bengali ? `${label} in Bengali` : label;
}

/** Each changed field as "field: old → new", the field named as the screens name it; an empty value shows as "(empty)", as the alert mails say. */
function Changes({ changes }) {
  if (!changes?.length) return null;
  return (
    <ul className="audit-changes">
      {changes.map((change, index) => (
        <li key={`${change.field}-${index}`}>
          {fieldLabel(change.field)}: {change.old || '(empty)'} → {change.new || '(empty)'}
        </li>
      ))}
    </ul>
  );
}
