// The members of one roster: their table with edit, delete and Up/Down, and the popups that add and edit a member.
import { useCallback } from 'react';
import { PagedPhotoItemTable } from '../../../components/admin/photo-item-table.jsx';
import { usePagedList } from '../../../components/admin/use-paged-list.js';
import { ExternalLink } from '../../../components/external-link.jsx';
import { Field } from '../../../components/field.jsx';
import { BengaliField } from '../../../components/admin/bengali-fields.jsx';
import { fetchMembers, memberCalls } from '../api.js';

const TEXTS = ['name', 'department', 'year', 'position', 'link'];

const columns = [
  { header: 'Name', cell: (member) => member.name },
  { header: 'Department', cell: (member) => member.department },
  { header: 'Year', cell: (member) => member.year, className: 'cell-nowrap' },
  { header: 'Position', cell: (member) => member.position },
  {
    header: 'Link',
    cell: (member) =>
      member.link && (
        <ExternalLink href={member.link} hint={`of ${member.name}`}>
          Link
        </ExternalLink>
      ),
  },
];

// Only what is filled in (for a new member) or what differs is sent; an empty link removes it. The year's and the
// position's Bengali come after the English fields (the /bn team pages show them).
const memberFields = ({ field }) => (
  <>
    <Field label="Name" {...field('name')} required maxLength={100} />
    <Field label="Department" {...field('department')} maxLength={100} />
    <Field label="Year" {...field('year')} maxLength={20} />
    <Field label="Position" {...field('position')} maxLength={100} />
    <Field
      label="Profile link (LinkedIn or another http/https address)"
      type="url"
      {...field('link')}
      maxLength={2048}
      placeholder="https://…"
    />
    <BengaliField label="বর্ষ" name="year" field={field} maxLength={40} />
    <BengaliField label="পদ" name="position" field={field} maxLength={100} />
  </>
);

const SORTS = [
  { value: 'order', label: 'Order on the team page' },
  { value: 'name', label: 'Name' },
];

/** The members of `roster`, a page at a time, with a search; its page, sort and search are in the address. */
export function MembersTable({ roster }) {
  const rosterId = roster._id;
  const load = useCallback((query) => fetchMembers(rosterId, query), [rosterId]);
  const loadOrder = useCallback(() => fetchMembers(rosterId), [rosterId]);
  const list = usePagedList(load, { sorts: SORTS });
  return (
    <PagedPhotoItemTable
      title={`Members of ${roster.title}`}
      empty="No members yet: add the first one."
      list={list}
      noun="member"
      searchLabel="Search by name, department, year or position"
      loadOrder={loadOrder}
      calls={memberCalls(rosterId)}
      texts={TEXTS}
      columns={columns}
      fields={memberFields}
      bengali={{ kind: 'member', names: ['year', 'position'] }}
      add={{ button: 'Add member', title: `Add member to ${roster.title}`, success: 'Member Added' }}
      editTitle="Edit member"
      deletion={{ question: (member) => `Remove ${member.name} from ${roster.title}?`, success: 'Member deleted' }}
      round
    />
  );
}
