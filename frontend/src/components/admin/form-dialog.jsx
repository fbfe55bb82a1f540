// A button that opens a popup form: fields, the server's reasons for a refusal, Send (or Save) and Close.
import { useState } from 'react';
import { notifyDone, useForm } from '../../lib/api-hooks.js';
import { FormActions } from '../form-actions.jsx';
import { Modal } from '../modal.jsx';
import { changedFrom, useUnsavedChanges } from './unsaved-changes.js';

/**
 * The form starts afresh each time the popup opens, and the popup closes once the server took the form.
 * `button` is the opener's text; with `rowName` it is a table row's small button whose name says which row.
 * `title` names the popup. The form starts at `initial`; `send(form)` makes the call; once it is ok, the toast
 * shows the server's words (`success` without them), the popup closes and `onSaved(form, response)` runs.
 * `children(form)` renders the fields from useForm's answer (`field`, `form`, `set`, `errors`…) and `close()`.
 */
export function FormDialog({ button, rowName, title, submitLabel = 'Send', children, ...formProps }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);

  return (
    <>
      <button type="button" className={rowName ? 'button button-small' : 'button'} onClick={() => setOpen(true)}>
        {button}
        {rowName && <span className="visually-hidden"> {rowName}</span>}
      </button>
      <Modal open={open} title={title} onClose={close}>
        <DialogForm {...formProps} title={title} submitLabel={submitLabel} onClose={close}>
          {children}
        </DialogForm>
      </Modal>
    </>
  );
}

function DialogForm({ title, initial, send, success, onSaved, submitLabel, onClose, children }) {
  const form = useForm(initial, {
    send,
    onSuccess: (response, values) => {
      notifyDone(response, success);
      onClose();
      onSaved(values, response);
    },
  });
  // Closing the page with the popup half filled in asks first; Close itself is the admin's own choice.
  const unsaved = changedFrom(initial, form.form);
  useUnsavedChanges(title, unsaved);

  return (
    <form onSubmit={form.submit}>
      {children({ ...form, close: onClose })}
      <FormActions submitLabel={submitLabel} busy={form.busy} message={form.message} unsaved={unsaved}>
        <button type="button" className="button button-outline" onClick={onClose}>
          Close
        </button>
      </FormActions>
    </form>
  );
}
