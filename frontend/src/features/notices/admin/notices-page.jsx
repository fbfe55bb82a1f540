// /admin/notices: every notice with delete and edit, and the Create Notice popup.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { DataTable } from '../../../components/admin/data-table.jsx';
import { FormMessage } from '../../../components/form-message.jsx';
import { Modal } from '../../../components/modal.jsx';
import { deleteAfterConfirm, useApiData, useApiSubmit } from '../../../lib/api-hooks.js';
import { notify } from '../../../lib/toast.js';
import { createNotice, deleteNotice, fetchNoticesAsAdmin } from '../api.js';
import { emptyNotice, NoticeFields } from './notice-fields.jsx';

const columns = ['Url', 'Title', 'Date', 'Delete', 'Update'];

export function NoticesPage() {
  const { data: notices, loadFailed, reload } = useApiData(fetchNoticesAsAdmin);
  const [creating, setCreating] = useState(false);

  const remove = (notice) =>
    deleteAfterConfirm(
      `Delete the notice "${notice.title}"?`,
      () => deleteNotice(notice._id),
      'Service deleted',
      reload,
    );

  const created = () => {
    setCreating(false);
    reload();
  };

  const createButton = (
    <button type="button" className="button" onClick={() => setCreating(true)}>
      Create
    </button>
  );

  return (
    <>
      <DataTable
        title="Notices"
        actions={createButton}
        columns={columns}
        rows={notices}
        loadFailed={loadFailed}
        empty="No notices yet."
      >
        {(notice) => (
          <tr key={notice._id}>
            <td>
              {notice.url && (
                <a href={notice.url} target="_blank" rel="noopener noreferrer">
                  Link<span className="visually-hidden"> for {notice.title} (opens in a new tab)</span>
                </a>
              )}
            </td>
            <td className="cell-text">{notice.title}</td>
            <td className="cell-nowrap">
              <time dateTime={notice.date}>{notice.date}</time>
            </td>
            <td>
              <button type="button" className="button button-small button-danger" onClick={() => remove(notice)}>
                Delete<span className="visually-hidden"> {notice.title}</span>
              </button>
            </td>
            <td>
              <Link to={`/admin/servicelist/${notice._id}/edit`}>
                Edit<span className="visually-hidden"> {notice.title}</span>
              </Link>
            </td>
          </tr>
        )}
      </DataTable>
      <Modal open={creating} title="Create Notice" onClose={() => setCreating(false)}>
        <CreateNoticeForm onCreated={created} onCancel={() => setCreating(false)} />
      </Modal>
    </>
  );
}

function CreateNoticeForm({ onCreated, onCancel }) {
  const [form, setForm] = useState(emptyNotice);
  const { submit, busy, errors, message } = useApiSubmit(
    () => createNotice(form),
    () => {
      notify.success('Service Created');
      onCreated();
    },
  );

  const change = (event) => setForm({ ...form, [event.target.name]: event.target.value });

  return (
    <form onSubmit={submit}>
      <NoticeFields form={form} errors={errors} onChange={change} />
      <FormMessage>{message}</FormMessage>
      <div className="form-actions">
        <button type="submit" className="button" disabled={busy}>
          Send
        </button>
        <button type="button" className="button button-outline" onClick={onCancel}>
          Close
        </button>
      </div>
    </form>
  );
}
