// The members of one roster: the table with edit, delete and Up/Down, and the popups that add and edit a member.
import { useState } from 'react';
import { DataTable } from '../../../components/admin/data-table.jsx';
import { Field } from '../../../components/field.jsx';
import { FormMessage } from '../../../components/form-message.jsx';
import { Modal } from '../../../components/modal.jsx';
import { Photo } from '../../../components/photo.jsx';
import { deleteAfterConfirm, notifyDone, useApiSubmit } from '../../../lib/api-hooks.js';
import { useContent } from '../../../lib/content.js';
import { createMember, deleteMember, orderMembers, updateMember } from '../api.js';
import { PhotoPicker, photoChoice, photoIdChange } from '../../../components/admin/photo-picker.jsx';
import { MoveButtons, useReorder } from '../../../components/admin/ordered-table.jsx';

const columns = ['Photo', 'Name', 'Department', 'Year', 'Position', 'Link', 'Edit', 'Delete', 'Order'];
const textFields = ['name', 'department', 'year', 'position', 'link'];

export function MembersTable({ roster }) {
  const { reload } = useContent();
  const members = roster.members;
  const order = useReorder(members, (ids) => orderMembers(roster._id, ids));
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState(null);

  const remove = (member) =>
    deleteAfterConfirm(
      `Remove ${member.name} from ${roster.title}?`,
      () => deleteMember(member._id),
      'Member deleted',
      reload,
    );

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
      Add member
    </button>
  );

  return (
    <>
      <DataTable
        title={`Members of ${roster.title}`}
        actions={addButton}
        columns={columns}
        rows={members}
        empty="No members yet: add the first one."
      >
        {(member, index) => (
          <tr key={member._id}>
            <td>
              <Photo photo={member.photo} alt="" sizes="64px" className="admin-thumb admin-thumb-round" />
            </td>
            <td>{member.name}</td>
            <td>{member.department}</td>
            <td className="cell-nowrap">{member.year}</td>
            <td>{member.position}</td>
            <td>
              {member.link && (
                <a href={member.link} target="_blank" rel="noopener noreferrer">
                  Link<span className="visually-hidden"> of {member.name} (opens in a new tab)</span>
                </a>
              )}
            </td>
            <td>
              <button type="button" className="button button-small" onClick={() => setEditing(member)}>
                Edit<span className="visually-hidden"> {member.name}</span>
              </button>
            </td>
            <td>
              <button type="button" className="button button-small button-danger" onClick={() => remove(member)}>
                Delete<span className="visually-hidden"> {member.name}</span>
              </button>
            </td>
            <td>
              <MoveButtons order={order} item={member} index={index} name={member.name} />
            </td>
          </tr>
        )}
      </DataTable>
      <Modal open={adding} title={`Add member to ${roster.title}`} onClose={close}>
        <MemberForm
          send={(fields) => createMember(roster._id, fields)}
          fallback="Member Added"
          onDone={done}
          onCancel={close}
        />
      </Modal>
      <Modal open={editing !== null} title="Edit member" onClose={close}>
        {editing && (
          <MemberForm
            member={editing}
            send={(changes) => updateMember(editing._id, changes)}
            fallback="Updated Successfully"
            onDone={done}
            onCancel={close}
          />
        )}
      </Modal>
    </>
  );
}

/** A new member's details, or the changes to `member`: only what differs is sent; an empty link removes it. */
function MemberForm({ member, send, fallback, onDone, onCancel }) {
  const initialPhoto = photoChoice(member?.photo);
  const [form, setForm] = useState(() => Object.fromEntries(textFields.map((name) => [name, member?.[name] ?? ''])));
  const [photo, setPhoto] = useState(initialPhoto);

  const changes = () => {
    const body = {};
    for (const name of textFields) {
      if (member ? form[name] !== (member[name] ?? '') : form[name] !== '') body[name] = form[name];
    }
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

  const change = (event) => setForm({ ...form, [event.target.name]: event.target.value });
  const field = (name, label, props) => (
    <Field label={label} name={name} value={form[name]} onChange={change} error={errors[name]} {...props} />
  );

  return (
    <form onSubmit={submit}>
      {field('name', 'Name', { required: true, maxLength: 100 })}
      {field('department', 'Department', { maxLength: 100 })}
      {field('year', 'Year', { maxLength: 20 })}
      {field('position', 'Position', { maxLength: 100 })}
      {field('link', 'Profile link (LinkedIn or another http/https address)', {
        type: 'url',
        maxLength: 2048,
        placeholder: 'https://…',
      })}
      <PhotoPicker current={member?.photo} value={photo} onChange={setPhoto} alt={form.name} error={errors.photoId} />
      <FormMessage>{message}</FormMessage>
      <div className="form-actions">
        <button type="submit" className="button" disabled={busy}>
          {member ? 'Save' : 'Send'}
        </button>
        <button type="button" className="button button-outline" onClick={onCancel}>
          Close
        </button>
      </div>
    </form>
  );
}
