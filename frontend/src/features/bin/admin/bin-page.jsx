// /admin/bin: what was deleted, newest first — what it was, its name as people know it, when and by whom — with
// Restore (it comes back as it was: same id, links, photos and place) and, for admins, Delete forever. Editors see
// what they may delete. What stays here past the bin days (30 unless the server says otherwise) is erased for good.
import { Received } from '../../../components/admin/cells.jsx';
import { ConfirmButton } from '../../../components/admin/confirm-button.jsx';
import { FilterChoice } from '../../../components/admin/list-controls.jsx';
import { PagedTable } from '../../../components/admin/paged-table.jsx';
import { NEWEST_FIRST, usePagedList } from '../../../components/admin/use-paged-list.js';
import { isAdmin, useSession } from '../../../lib/session.js';
import { eraseFromBin, fetchBin, restoreFromBin } from '../api.js';

const sorts = [NEWEST_FIRST];
const filters = ['kind'];

/** Each kind of record, as the screen names one; editors are offered only those they may delete. */
const KINDS = [
  ['notice', 'Notice'],
  ['certificate', 'Certificate'],
  ['roster', 'Team'],
  ['member', 'Team member'],
  ['card', 'Home card'],
  ['gallery', 'Gallery picture'],
  ['media', 'Photo'],
  ['feedback', 'Feedback'],
  ['contact', 'Message', true],
  ['gift', 'Gift note', true],
  ['user', 'Account', true],
];

const kindName = (kind) => KINDS.find(([value]) => value === kind)?.[1] ?? kind;

export function BinPage() {
  const { user } = useSession();
  const admin = isAdmin(user);
  const list = usePagedList(fetchBin, { sorts, filters });
  const options = [['', 'Everything'], ...KINDS.filter(([, , adminsOnly]) => admin || !adminsOnly)];
  const name = (item) => `${kindName(item.kind).toLowerCase()} ${item.title}`;
  const columns = [
    { header: 'What', cell: (item) => kindName(item.kind), className: 'cell-nowrap' },
    { header: 'Name', cell: (item) => item.title, className: 'cell-text' },
    { header: 'Deleted', cell: (item) => <Received timestamp={item.deletedAt} /> },
    { header: 'By', cell: (item) => item.deletedBy, className: 'cell-address' },
    {
      header: 'Restore',
      action: true,
      cell: (item) => (
        <ConfirmButton
          label="Restore"
          rowName={name(item)}
          question={`Restore the ${name(item)}? It comes back as it was.`}
          act={() => restoreFromBin(item.kind, item.id)}
          success="Restored"
          onDone={list.reload}
        />
      ),
    },
    admin && {
      header: 'Delete forever',
      action: true,
      cell: (item) => (
        <ConfirmButton
          label="Delete forever"
          rowName={name(item)}
          question={`Delete the ${name(item)} forever? This cannot be undone.`}
          act={() => eraseFromBin(item.kind, item.id)}
          success="Deleted forever"
          onDone={list.reload}
          className="button button-small button-danger"
        />
      ),
    },
  ].filter(Boolean);

  return (
    <PagedTable
      title="Bin"
      list={list}
      noun="deleted record"
      searchLabel="Search"
      filters={<FilterChoice list={list} name="kind" label="What" options={options} />}
      columns={columns}
      empty="The bin is empty: nothing was deleted in the last 30 days."
    />
  );
}
