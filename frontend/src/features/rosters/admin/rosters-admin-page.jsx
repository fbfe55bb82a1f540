// /admin/team: the rosters (add, rename, reorder, delete) and the members of the chosen roster
// (add, edit, reorder, delete). The chosen roster is in the address (?team=slug), so it survives a reload.
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { DataTable } from '../../../components/admin/data-table.jsx';
import { Field } from '../../../components/field.jsx';
import { FormMessage } from '../../../components/form-message.jsx';
import { Modal } from '../../../components/modal.jsx';
import { deleteAfterConfirm, notifyDone, useApiSubmit } from '../../../lib/api-hooks.js';
import { rosterList, useContent } from '../../../lib/content.js';
import { createRoster, deleteRoster, orderRosters, updateRoster } from '../api.js';
import { MembersTable } from './members-table.jsx';
import './rosters-admin-page.css';
import { MoveButtons, useReorder } from '../../../components/admin/ordered-table.jsx';

const columns = ['Title', 'Slug', 'Members', 'Rename', 'Delete', 'Order'];

const CORE = 'core';
const publicPath = (slug) => (slug === CORE ? '/team' : `/team${slug}`);

export function RostersAdminPage() {
  const { teams, reload } = useContent();
  const rosters = rosterList(teams);
  const [params, setParams] = useSearchParams();
  const wanted = params.get('team');
  const chosen = (wanted && Object.hasOwn(teams, wanted) ? teams[wanted] : teams[CORE]) ?? rosters[0];
  const choose = (slug) => setParams({ team: slug }, { replace: true });

  const order = useReorder(rosters, orderRosters);
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState(null);

  const remove = (roster) =>
    deleteAfterConfirm(
      `Delete the team "${roster.title}" and its ${roster.members.length} members?`,
      () => deleteRoster(roster._id),
      'Team deleted',
      reload,
    );

  // A new roster, or a new slug for the roster on show, becomes the one whose members are managed.
  const saved = (slug) => {
    if (!renaming || renaming._id === chosen?._id) choose(slug);
    setCreating(false);
    setRenaming(null);
    reload();
  };

  const createButton = (
    <button type="button" className="button" onClick={() => setCreating(true)}>
      Create team
    </button>
  );

  return (
    <div className="admin-stack">
      <DataTable title="Teams" actions={createButton} columns={columns} rows={rosters} empty="No teams yet.">
        {(roster, index) => (
          <tr key={roster._id}>
            <td>{roster.title}</td>
            <td>
              <Link to={publicPath(roster.slug)}>
                {roster.slug}
                <span className="visually-hidden"> (the page of {roster.title})</span>
              </Link>
            </td>
            <td>{roster.members.length}</td>
            <td>
              <button type="button" className="button button-small" onClick={() => setRenaming(roster)}>
                Rename<span className="visually-hidden"> {roster.title}</span>
              </button>
            </td>
            <td>
              {roster.slug !== CORE && (
                <button type="button" className="button button-small button-danger" onClick={() => remove(roster)}>
                  Delete<span className="visually-hidden"> {roster.title}</span>
                </button>
              )}
            </td>
            <td>
              <MoveButtons order={order} item={roster} index={index} name={roster.title} />
            </td>
          </tr>
        )}
      </DataTable>

      {chosen && (
        <div className="admin-stack">
          <div className="roster-choice">
            <Field
              label="Team whose members you manage"
              as="select"
              value={chosen.slug}
              onChange={(event) => choose(event.target.value)}
            >
              {rosters.map((roster) => (
                <option key={roster._id} value={roster.slug}>
                  {roster.title}
                </option>
              ))}
            </Field>
          </div>
          <MembersTable key={chosen._id} roster={chosen} />
        </div>
      )}

      <Modal open={creating} title="Create team" onClose={() => setCreating(false)}>
        <RosterForm onSaved={saved} onCancel={() => setCreating(false)} />
      </Modal>
      <Modal open={renaming !== null} title="Rename team" onClose={() => setRenaming(null)}>
        {renaming && <RosterForm roster={renaming} onSaved={saved} onCancel={() => setRenaming(null)} />}
      </Modal>
    </div>
  );
}

/** A new roster's slug and title, or the changes to `roster` (the core team keeps its slug). */
function RosterForm({ roster, onSaved, onCancel }) {
  const [form, setForm] = useState({ slug: roster?.slug ?? '', title: roster?.title ?? '' });
  const slug = form.slug.trim().toLowerCase();

  const send = () => {
    if (!roster) return createRoster({ slug, title: form.title });
    const changes = {};
    if (slug !== roster.slug) changes.slug = slug;
    if (form.title !== roster.title) changes.title = form.title;
    return updateRoster(roster._id, changes);
  };

  const { submit, busy, errors, message } = useApiSubmit(send, (response) => {
    notifyDone(response, roster ? 'Updated Successfully' : 'Created Successfully');
    onSaved(slug);
  });

  const change = (event) => setForm({ ...form, [event.target.name]: event.target.value });
  const core = roster?.slug === CORE;

  return (
    <form onSubmit={submit}>
      <Field
        label={core ? 'Slug (the core team always lives at /team)' : 'Slug: the page is /team + slug, e.g. 2k26'}
        name="slug"
        value={form.slug}
        onChange={change}
        error={errors.slug}
        required
        maxLength={20}
        pattern="[a-zA-Z0-9\-]+"
        title="Letters a-z, digits and -"
        readOnly={core}
        autoCapitalize="none"
        spellCheck={false}
      />
      <Field
        label="Title, e.g. Team 2k26"
        name="title"
        value={form.title}
        onChange={change}
        error={errors.title}
        required
        maxLength={100}
      />
      <FormMessage>{message}</FormMessage>
      <div className="form-actions">
        <button type="submit" className="button" disabled={busy}>
          {roster ? 'Save' : 'Send'}
        </button>
        <button type="button" className="button button-outline" onClick={onCancel}>
          Close
        </button>
      </div>
    </form>
  );
}
