// /admin/notices: every notice with delete and edit, and the Create Notice popup.
import { DataTable, useTableRows } from '../../../components/admin/data-table.jsx';
import { DeleteButton } from '../../../components/admin/delete-button.jsx';
import { EditLink } from '../../../components/admin/edit-link.jsx';
import { FormDialog } from '../../../components/admin/form-dialog.jsx';
import { ExternalLink } from '../../../components/external-link.jsx';
import { createNotice, deleteNotice, fetchNoticesAsAdmin } from '../api.js';
import { emptyNotice, NoticeFields } from './notice-fields.jsx';

export function NoticesPage() {
  const { reload, ...list } = useTableRows(fetchNoticesAsAdmin);

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
    {
      header: 'Delete',
      cell: (notice) => (
        <DeleteButton
          rowName={notice.title}
          question={`Delete the notice "${notice.title}"?`}
          remove={() => deleteNotice(notice._id)}
          success="Service deleted"
          onDeleted={reload}
        />
      ),
    },
    {
      header: 'Update',
      cell: (notice) => <EditLink to={`/admin/servicelist/${notice._id}/edit`} rowName={notice.title} />,
    },
  ];

  const createButton = (
    <FormDialog
      button="Create"
      title="Create Notice"
      initial={emptyNotice}
      send={createNotice}
      success="Service Created"
      onSaved={reload}
    >
      {({ field }) => <NoticeFields field={field} />}
    </FormDialog>
  );

  return <DataTable title="Notices" actions={createButton} columns={columns} empty="No notices yet." {...list} />;
}
