// An admin edit page for one record (a user, a notice): UPDATE saves it and goes back to the list; leaving it with
// edits not saved asks first.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { notifyDone, useForm } from '../../lib/api-hooks.js';
import { FormActions } from '../form-actions.jsx';
import { changedFrom, useUnsavedChanges } from './unsaved-changes.js';
import { useRecord } from './use-record.js';

/**
 * The form is filled in from the server; Cancel goes back to the list without saving.
 * `load(id)` fetches the record named by the address; `initial(record)` gives the form's values and
 * `send(id, form, first)` saves them (`first`: the values the form started from). `noun` names one record in the not-found text; `list` is the list's path.
 * `children(form)` renders the fields from useForm's answer. `saved(response)`, when given, may answer what to show
 * after a save instead of going back to the list (something the admin must read or act on first). `after(record,
 * back)` renders what follows the form (its history), `back()` going back to the list.
 */
export function EditPage({ title, noun, list, load, initial, send, saved, after, children }) {
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
  const save = (form) => send(record._id, form, initial(record));
  return (
    <EditForm
      key={record._id}
      title={title}
      list={list}
      values={initial(record)}
      send={save}
      saved={saved}
      after={after && ((back) => after(record, back))}
    >
      {children}
    </EditForm>
  );
}

function EditForm({ title, list, values, send, saved, after: below, children }) {
  const navigate = useNavigate();
  const [after, setAfter] = useState(null);
  const form = useForm(values, {
    send,
    onSuccess: (response) => {
      notifyDone(response, 'Updated Successfully');
      const shown = saved?.(response) ?? null;
      if (shown) setAfter(shown);
      else navigate(list);
    },
  });
  const unsaved = !after && changedFrom(values, form.form);
  useUnsavedChanges(title, unsaved);

  if (after) {
    return (
      <section>
        <h2>{title}</h2>
        <div className="form-card">
          {after}
          <p>
            <Link to={list}>Back to the list</Link>
          </p>
        </div>
      </section>
    );
  }

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
      {below?.(() => navigate(list))}
    </section>
  );
}
