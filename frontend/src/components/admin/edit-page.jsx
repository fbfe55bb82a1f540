// An admin edit page for one record (a user, a notice): UPDATE saves it and goes back to the list; leaving it with
// edits not saved asks first.
import { Link, useNavigate } from 'react-router-dom';
import { notifyDone, useForm } from '../../lib/api-hooks.js';
import { FormActions } from '../form-actions.jsx';
import { changedFrom, useUnsavedChanges } from './unsaved-changes.js';
import { useRecord } from './use-record.js';

/**
 * The form is filled in from the server; Cancel goes back to the list without saving.
 * `load(id)` fetches the record named by the address; `initial(record)` gives the form's values and
 * `send(id, form)` saves them. `noun` names one record in the not-found text; `list` is the list's path.
 * `children(form)` renders the fields from useForm's answer.
 */
export function EditPage({ title, noun, list, load, initial, send, children }) {
  const { data: record, loadFailed } = useRecord(load);

  if (!record) {
    return loadFailed ? (
      <p className="page-loading">
        This {noun} could not be found. <Link to={list}>Back to the {noun}s</Link>
      </p>
    ) : (
      <p className="page-loading">Loading…</p>
    );
  }
  const save = (form) => send(record._id, form);
  return (
    <EditForm key={record._id} title={title} list={list} values={initial(record)} send={save}>
      {children}
    </EditForm>
  );
}

function EditForm({ title, list, values, send, children }) {
  const navigate = useNavigate();
  const form = useForm(values, {
    send,
    onSuccess: (response) => {
      notifyDone(response, 'Updated Successfully');
      navigate(list);
    },
  });
  const unsaved = changedFrom(values, form.form);
  useUnsavedChanges(title, unsaved);

  return (
    <section>
      <h2>{title}</h2>
      <form className="form-card" onSubmit={form.submit}>
        {children(form)}
        <FormActions submitLabel="UPDATE" busy={form.busy} message={form.message} unsaved={unsaved}>
          <Link className="button button-outline" to={list}>
            Cancel
          </Link>
        </FormActions>
      </form>
    </section>
  );
}
