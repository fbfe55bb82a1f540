// A list of captioned pictures (a home carousel or the gallery): the table with edit, delete and Up/Down, and
// the popups that add and edit a picture.
import { useState } from 'react';
import { DataTable } from './data-table.jsx';
import { Field } from '../field.jsx';
import { FormMessage } from '../form-message.jsx';
import { Modal } from '../modal.jsx';
import { Photo } from '../photo.jsx';
import { deleteAfterConfirm, notifyDone, useApiSubmit } from '../../lib/api-hooks.js';
import { useContent } from '../../lib/content.js';
import { PhotoPicker, photoChoice, photoIdChange } from './photo-picker.jsx';
import { MoveButtons, useReorder } from './ordered-table.jsx';

const columns = ['Photo', 'Caption', 'Edit', 'Delete', 'Order'];

/**
 * `items` come from the content; `api` is {create(fields), update(id, changes), remove(id), order(ids)}.
 * `noun` names one item in button texts ('card', 'image'); `createTitle` is the add popup's title.
 */
export function PictureTable({ title, noun, createTitle, items, api }) {
  const { reload } = useContent();
  const order = useReorder(items, api.order);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState(null);

  const remove = (item) =>
    deleteAfterConfirm(`Delete the ${noun} "${item.caption}"?`, () => api.remove(item._id), 'Deleted', reload);

  const close = () => {
    setAdding(false);
    setEditing(null);
  };
  const done = () => {
    close();
    reload();
  };

  const addButton = (
    <button type="button" className="button" onClick={() => setAdding(true)}>
      {createTitle}
    </button>
  );

  return (
    <>
      <DataTable title={title} actions={addButton} columns={columns} rows={items} empty={`No ${noun}s yet.`}>
        {(item, index) => (
          <tr key={item._id}>
            <td>
              <Photo photo={item.photo} alt="" sizes="96px" className="admin-thumb" />
            </td>
            <td className="cell-text">{item.caption}</td>
            <td>
              <button type="button" className="button button-small" onClick={() => setEditing(item)}>
                Edit<span className="visually-hidden"> {item.caption}</span>
              </button>
            </td>
            <td>
              <button type="button" className="button button-small button-danger" onClick={() => remove(item)}>
                Delete<span className="visually-hidden"> {item.caption}</span>
              </button>
            </td>
            <td>
              <MoveButtons order={order} item={item} index={index} name={item.caption} />
            </td>
          </tr>
        )}
      </DataTable>
      <Modal open={adding} title={createTitle} onClose={close}>
        <PictureForm
          send={api.create}
          fallback="Created Successfully"
          submitLabel="Send"
          onDone={done}
          onCancel={close}
        />
      </Modal>
      <Modal open={editing !== null} title={`Edit ${noun}`} onClose={close}>
        {editing && (
          <PictureForm
            item={editing}
            send={(changes) => api.update(editing._id, changes)}
            fallback="Updated Successfully"
            submitLabel="Save"
            onDone={done}
            onCancel={close}
          />
        )}
      </Modal>
    </>
  );
}

/** The caption and photo of a new picture, or the changes to `item`: only what differs is sent. */
function PictureForm({ item, send, fallback, submitLabel, onDone, onCancel }) {
  const initialPhoto = photoChoice(item?.photo);
  const [caption, setCaption] = useState(item?.caption ?? '');
  const [photo, setPhoto] = useState(initialPhoto);

  const changes = () => {
    const body = {};
    if (!item || caption !== item.caption) body.caption = caption;
    const photoId = photoIdChange(initialPhoto, photo);
    if (photoId !== undefined) body.photoId = photoId;
    return body;
  };

  const { submit, busy, errors, message } = useApiSubmit(
    () => send(changes()),
    (response) => {
      notifyDone(response, fallback);
      onDone();
    },
  );

  return (
    <form onSubmit={submit}>
      <Field
        label="Caption"
        name="caption"
        value={caption}
        onChange={(event) => setCaption(event.target.value)}
        error={errors.caption}
        required
        maxLength={200}
      />
      <PhotoPicker current={item?.photo} value={photo} onChange={setPhoto} alt={caption} error={errors.photoId} />
      <FormMessage>{message}</FormMessage>
      <div className="form-actions">
        <button type="submit" className="button" disabled={busy}>
          {submitLabel}
        </button>
        <button type="button" className="button button-outline" onClick={onCancel}>
          Close
        </button>
      </div>
    </form>
  );
}
