// /admin/notices: the notices a page at a time, searched by title, with delete and edit, and the Create Notice popup,
// whose Tell followers mails a new notice to those who asked for notices by email.
import { deleteColumn } from '../../../components/admin/delete-button.jsx';
import { EditLink } from '../../../components/admin/edit-link.jsx';
import { FormDialog } from '../../../components/admin/form-dialog.jsx';
import { countOf } from '../../../components/admin/list-controls.jsx';
import { PagedTable } from '../../../components/admin/paged-table.jsx';
import { NEWEST_FIRST, OLDEST_FIRST, usePagedList } from '../../../components/admin/use-paged-list.js';
import { ExternalLink } from '../../../components/external-link.jsx';
import { notify } from '../../../lib/toast.js';
import { createNotice, deleteNotice, fetchNoticesAsAdmin } from '../api.js';
import { emptyNotice, NoticeFields, sendNotice } from './notice-fields.jsx';

/** A new notice goes to the followers unless the admin unticks Tell followers. */
const newNotice = { ...emptyNotice, tellFollowers: true };

const sorts = [NEWEST_FIRST, OLDEST_FIRST, { value: 'title', label: 'Title' }];

export function NoticesPage() {
  const list = usePagedList(fetchNoticesAsAdmin, { sorts });

  const columns = [
    {
      header: 'Url',
      cell: (notice) =>
        notice.url && (
          <ExternalLink href={notice.url} hint={`for ${notice.title}`}>
            Link
          </ExternalLink>
        ),
    },
    { header: 'Title', cell: (notice) => notice.title, className: 'cell-text' },
    { header: 'Date', cell: (notice) => <time dateTime={notice.date}>{notice.date}</time>, className: 'cell-nowrap' },
    deleteColumn({
      rowName: (notice) => notice.title,
      question: (notice) => `Delete the notice "${notice.title}"?`,
      remove: deleteNotice,
      success: 'Service deleted',
      onDeleted: list.reload,
      bin: 'notice',
    }),
    {
      header: 'Update',
      action: true,
      cell: (notice) => <EditLink to={`/admin/servicelist/${notice._id}/edit`} rowName={notice.title} />,
    },
  ];

  const createButton = (
    <FormDialog
      button="Create"
      title="Create Notice"
      initial={newNotice}
      send={sendNotice(createNotice)}
      success="Service Created"
      onSaved={(notice, response) => {
        list.reload();
        const told = Number(response.data?.told) || 0;
        if (told > 0) notify.success(`Mailed to ${countOf(told, 'follower')}`);
      }}
    >
      {({ field, form, change }) => (
        <>
          <NoticeFields field={field} />
          <label className="field-check">
            <input type="checkbox" name="tellFollowers" checked={form.tellFollowers} onChange={change} />
            Tell followers
          </label>
        </>
      )}
    </FormDialog>
  );

  return (
    <PagedTable
      title="Notices"
      actions={createButton}
      list={list}
      noun="notice"
      searchLabel="Search by title"
      columns={columns}
      empty="No notices yet."
    />
  );
}
