// /admin/servicelist/{id}/edit: change a notice's link, title (in English and Bengali) and date.
import { EditPage } from '../../../components/admin/edit-page.jsx';
import { fetchNotice, updateNotice } from '../api.js';
import { NoticeFields, noticeValues, sendNotice } from './notice-fields.jsx';

export function NoticeEditPage() {
  return (
    <EditPage
      title="Edit notice"
      noun="notice"
      list="/admin/notices"
      load={fetchNotice}
      initial={noticeValues}
      send={(id, form, first) => sendNotice((notice) => updateNotice(id, notice), id, first)(form)}
    >
      {({ field }) => <NoticeFields field={field} dateRequired />}
    </EditPage>
  );
}
