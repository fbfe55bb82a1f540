// /admin/servicelist/{id}/edit: change a notice's link, title (in English and Bengali) and date; Share, to post its
// page in the volunteers' groups; its history below.
import { EditPage } from '../../../components/admin/edit-page.jsx';
import { HistoryPanel } from '../../../components/admin/history-panel.jsx';
import { fetchNotice, updateNotice } from '../api.js';
import { noticeAddress, ShareButton } from '../share-button.jsx';
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
      after={(notice, back) => (
        <>
          <ShareButton title={notice.title} url={noticeAddress(notice._id, 'en')} />
          <HistoryPanel kind="notice" id={notice._id} onRestored={back} />
        </>
      )}
    >
      {({ field }) => <NoticeFields field={field} dateRequired />}
    </EditPage>
  );
}
