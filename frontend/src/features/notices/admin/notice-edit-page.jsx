// /admin/servicelist/{id}/edit: change a notice's link, title and date.
import { EditPage } from '../../../components/admin/edit-page.jsx';
import { fetchNotice, updateNotice } from '../api.js';
import { NoticeFields } from './notice-fields.jsx';

const editable = (notice) => ({ url: notice.url ?? '', title: notice.title ?? '', date: notice.date ?? '' });

export function NoticeEditPage() {
  return (
    <EditPage
      title="Edit notice"
      noun="notice"
      list="/admin/notices"
      load={fetchNotice}
      initial={editable}
      send={updateNotice}
    >
      {({ field }) => <NoticeFields field={field} dateRequired />}
    </EditPage>
  );
}
