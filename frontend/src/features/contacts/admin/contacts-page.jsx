// /admin/contacts: the visitors' messages and star reviews a page at a time, newest first, searched by name, email
// or text; when each arrived and whether it has been read; Reply, Call and WhatsApp links to answer each; for
// admins, deleting one, and once messages are ticked, the ticked ones or every match (spam), and a CSV download of
// the matches (editors read and mark read only). Messages are React text, so markup a visitor typed is shown, never
// run.
import { useState } from 'react';
import { DeleteButton, deleteColumn } from '../../../components/admin/delete-button.jsx';
import { countOf, formatNumber } from '../../../components/admin/list-controls.jsx';
import { Address, Received, Stars } from '../../../components/admin/cells.jsx';
import { PagedTable } from '../../../components/admin/paged-table.jsx';
import { BY_NAME, NEWEST_FIRST, OLDEST_FIRST, usePagedList } from '../../../components/admin/use-paged-list.js';
import { DownloadButton } from '../../../components/download-button.jsx';
import { notifyRefusal } from '../../../lib/api-hooks.js';
import { callHref, internationalNumber, isIndianMobile } from '../../../lib/phone-links.js';
import { isAdmin, useSession } from '../../../lib/session.js';
import { replyHref, whatsAppHref } from './answer-links.js';
import {
  contactsCsv,
  deleteContact,
  deleteContacts,
  deleteMatchingContacts,
  fetchContacts,
  markContactRead,
} from '../api.js';
import './contacts.css';

const sorts = [NEWEST_FIRST, OLDEST_FIRST, BY_NAME];

const from = (contact) => `the message from ${contact.name}`;

export function ContactsPage() {
  const { user } = useSession();
  const admin = isAdmin(user);
  const list = usePagedList(fetchContacts, { sorts });
  const selection = usePageSelection(list);

  const selectColumn = {
    key: 'select',
    header: (
      <Checkbox
        label="Select all on this page"
        checked={selection.all}
        mixed={selection.some && !selection.all}
        disabled={!list.rows?.length}
        onChange={selection.toggleAll}
      />
    ),
    cell: (contact) => (
      <Checkbox
        label={`Select ${from(contact)}`}
        checked={selection.has(contact._id)}
        onChange={(on) => selection.toggle(contact._id, on)}
      />
    ),
    className: 'cell-select',
  };

  const columns = [
    admin && selectColumn,
    { header: 'Name', cell: (contact) => contact.name, className: 'cell-name' },
    { header: 'Email', cell: (contact) => <EmailCell contact={contact} />, className: 'cell-email cell-address' },
    { header: 'Telephone', cell: (contact) => <TelephoneCell contact={contact} /> },
    { header: 'Ratings', cell: (contact) => <Stars subject={contact.subject} /> },
    { header: 'Message', cell: (contact) => contact.message, className: 'cell-text cell-message' },
    { header: 'Received', cell: (contact) => <Received timestamp={contact.createdAt} /> },
    { header: 'Read', cell: (contact) => <ReadMark contact={contact} onChanged={list.reload} /> },
    admin &&
      deleteColumn({
        rowName: from,
        remove: deleteContact,
        success: 'Contact deleted successfully',
        onDeleted: list.reload,
        bin: 'contact',
      }),
  ].filter(Boolean);

  return (
    <PagedTable
      className="contacts"
      title="Contacts"
      actions={admin && <DownloadCsv list={list} />}
      bar={admin && selection.some && <SelectionBar list={list} selected={selection.ids} />}
      list={list}
      noun="message"
      searchLabel="Search by name, email or message"
      columns={columns}
      empty="No messages yet."
      rowClassName={(contact) => (contact.read ? undefined : 'row-unread')}
    />
  );
}

/**
 * The rows of the shown page that are ticked. A new page, sort or search starts with none; deleted rows drop out.
 * `ids` are the ticked ids in the page's order; `all` and `some` describe the whole page.
 */
function usePageSelection(list) {
  const view = `${list.page} ${list.sort} ${list.query}`;
  const [ticked, setTicked] = useState({ view, ids: new Set() });
  const current = ticked.view === view ? ticked.ids : new Set();
  const shown = list.rows?.map((row) => row._id) ?? [];
  const ids = shown.filter((id) => current.has(id));

  const update = (change) => {
    const next = new Set(ids);
    change(next);
    setTicked({ view, ids: next });
  };

  return {
    ids,
    all: shown.length > 0 && ids.length === shown.length,
    some: ids.length > 0,
    has: (id) => current.has(id),
    toggle: (id, on) => update((next) => (on ? next.add(id) : next.delete(id))),
    toggleAll: (on) => update((next) => shown.forEach((id) => (on ? next.add(id) : next.delete(id)))),
  };
}

/** A checkbox whose name is `label` (for screen readers; the column says what it is for to sighted admins). */
function Checkbox({ label, checked, mixed = false, disabled = false, onChange }) {
  return (
    <label className="select-box">
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        ref={(input) => {
          if (input) input.indeterminate = mixed;
        }}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className="visually-hidden">{label}</span>
    </label>
  );
}

/** Whether an admin has read the message, and the button that changes it. */
function ReadMark({ contact, onChanged }) {
  const [busy, setBusy] = useState(false);

  const toggle = async () => {
    if (busy) return;
    setBusy(true);
    const response = await markContactRead(contact._id, !contact.read);
    setBusy(false);
    if (response.ok) onChanged();
    else notifyRefusal(response);
  };

  return (
    <span className="read-mark">
      <span className={contact.read ? 'read-state' : 'read-state read-state-unread'}>
        {contact.read ? 'Read' : 'Unread'}
      </span>
      <button
        type="button"
        className="button button-small button-outline"
        onClick={toggle}
        aria-busy={busy || undefined}
      >
        {contact.read ? 'Mark unread' : 'Mark read'}
        <span className="visually-hidden"> {from(contact)}</span>
      </button>
    </span>
  );
}

/** The address, and a Reply: a new mail to it in the admin's own mail program, its subject filled in. */
function EmailCell({ contact }) {
  return (
    <span className="answer">
      <span className="answer-to">
        <Address text={contact.email} />
      </span>
      <span className="answer-links">
        <a className="button button-small button-outline" href={replyHref(contact.email)}>
          Reply<span className="visually-hidden"> to {contact.name}</span>
        </a>
      </span>
    </span>
  );
}

/**
 * The number as the visitor typed it, and Call and WhatsApp links to it in international form: WhatsApp only for an
 * Indian mobile, a landline gets Call alone; a number that cannot be dialled as typed gets none.
 */
function TelephoneCell({ contact }) {
  const number = internationalNumber(contact.telephone);
  return (
    <span className="answer">
      <span className="answer-to">{contact.telephone}</span>
      {number && (
        <span className="answer-links">
          <a className="button button-small button-outline" href={callHref(number)}>
            Call<span className="visually-hidden"> {contact.name}</span>
          </a>
          {isIndianMobile(number) && (
            <a
              className="button button-small button-outline"
              href={whatsAppHref(number)}
              target="_blank"
              rel="noopener noreferrer"
            >
              WhatsApp<span className="visually-hidden"> {contact.name} (opens in a new tab)</span>
            </a>
          )}
        </span>
      )}
    </span>
  );
}

/** The CSV download of the messages the search finds (all without one). */
function DownloadCsv({ list }) {
  return (
    <DownloadButton path={contactsCsv(list.searched)} fallbackName="jyoti-contacts.csv">
      Download CSV{list.searched && ` (${countOf(list.total, 'message')})`}
    </DownloadButton>
  );
}

/**
 * Shown once messages are selected: how many, and the spam clean-up: delete the selected messages, or every message the
 * search finds (all of them without one). Each asks first, saying how many. Deleting everything sits here, one step
 * away, rather than beside the download where it would be the first button an admin sees.
 */
/** What one Undo restores after deleting many: the server names one of them, and they come back together. */
const undoOf = (response) => response.data?.undo;

function SelectionBar({ list, selected }) {
  // What the shown rows and count are for, even while another search is on its way.
  const searching = Boolean(list.searched);
  const everyMatch = countOf(list.total, 'message');
  return (
    <div className="selection-bar" role="group" aria-label="Selected messages">
      <p className="selection-count">{countOf(selected.length, 'message')} selected</p>
      <DeleteButton
        label={`Delete selected (${selected.length})`}
        question={`Delete ${countOf(selected.length, 'message')}?`}
        remove={() => deleteContacts(selected)}
        success={`${countOf(selected.length, 'message')} deleted`}
        onDeleted={list.reload}
        bin={undoOf}
      />
      <DeleteButton
        label={searching ? `Delete all ${formatNumber(list.total)} matching` : `Delete all ${everyMatch}`}
        question={searching ? `Delete ${everyMatch} matching “${list.searched}”?` : `Delete all ${everyMatch}?`}
        remove={() => deleteMatchingContacts(list.searched)}
        success="Messages deleted"
        onDeleted={list.reload}
        bin={undoOf}
      />
    </div>
  );
}
