// /admin/servicelist/{id}/edit: change a notice's link, title and date.
import { useCallback, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { FormMessage } from '../../../components/form-message.jsx';
import { useApiData, useApiSubmit } from '../../../lib/api-hooks.js';
import { notify } from '../../../lib/toast.js';
import { fetchNotice, updateNotice } from '../api.js';
import { NoticeFields } from './notice-fields.jsx';

export function NoticeEditPage() {
  const { id } = useParams();
  const load = useCallback(() => fetchNotice(id), [id]);
  const { data: notice, loadFailed } = useApiData(load);

  if (!notice) {
    return loadFailed ? (
      <p className="page-loading">
        This notice could not be found. <Link to="/admin/notices">Back to the notices</Link>
      </p>
    ) : (
      <p className="page-loading">Loading…</p>
    );
  }
  return <NoticeEditForm key={notice._id} notice={notice} />;
}

function NoticeEditForm({ notice }) {
  const navigate = useNavigate();
  const [form, setForm] = useState({ url: notice.url ?? '', title: notice.title ?? '', date: notice.date ?? '' });
  const { submit, busy, errors, message } = useApiSubmit(
    () => updateNotice(notice._id, form),
    () => {
      notify.success('Updated Successfully');
      navigate('/admin/notices');
    },
  );

  const change = (event) => setForm({ ...form, [event.target.name]: event.target.value });

  return (
    <section>
      <h2>Edit notice</h2>
      <form className="form-card" onSubmit={submit}>
        <NoticeFields form={form} errors={errors} onChange={change} dateRequired />
        <FormMessage>{message}</FormMessage>
        <div className="form-actions">
          <button type="submit" className="button" disabled={busy}>
            UPDATE
          </button>
          <Link className="button button-outline" to="/admin/notices">
            Cancel
          </Link>
        </div>
      </form>
    </section>
  );
}
