// A record's history, under its edit form: its versions, newest first — when, by whom, and what each change did field
// by field (old → new) — each with "Restore this version", itself a change kept in history. Folded until opened, so
// the versions are fetched only when someone looks.
import { useCallback, useState } from 'react';
import { api } from '../../lib/api-client.js';
import { notifyRefusal, useApiData } from '../../lib/api-hooks.js';
import { notify } from '../../lib/toast.js';
import { dayAndTime } from './cells.jsx';
import './history-panel.css';

const path = (kind, id) => `/api/admin/history/${encodeURIComponent(kind)}/${encodeURIComponent(id)}`;

/** A stored value as the screen shows it: "(empty)" for nothing. */
const shown = (value) => (value === null || value === '' ? '(empty)' : String(value));

/** The fields as the forms name them; one not here reads as the server names it. */
const FIELDS = {
  url: 'URL',
  title: 'Title',
  date: 'Date',
  name: 'Name',
  event: 'Event or course',
  issued_on: 'Issued on',
  revoked_on: 'Revoked on',
  slug: 'Page address',
  department: 'Department',
  year: 'Year',
  position: 'Position',
  link: 'Profile link',
  caption: 'Caption',
  photo_id: 'Photo',
  art: 'Built-in drawing',
};

/** A field's name: `names` first, then the forms' names; a Bengali text (`bn.title`) as "Title (বাংলায়)". */
function fieldName(field, names) {
  const english = field.startsWith('bn.') ? field.slice(3) : field;
  const name = names?.[english] ?? FIELDS[english] ?? english;
  return english === field ? name : `${name} (বাংলায়)`;
}

/**
 * `kind` and `id` name the record as the history calls do ('notice', 42; 'settings', 1 for the site settings);
 * `names` adds field names of its own; `onRestored()` runs once a version is written back (the form then shows
 * stale values: close or reload it).
 */
export function HistoryPanel({ kind, id, names, onRestored }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="history" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>History</summary>
      {open && <Versions kind={kind} id={id} names={names} onRestored={onRestored} />}
    </details>
  );
}

function Versions({ kind, id, names, onRestored }) {
  const load = useCallback(() => api(path(kind, id)), [kind, id]);
  const { data, loadFailed } = useApiData(load);
  const [busy, setBusy] = useState(false);
  if (loadFailed) return <p>The history could not be loaded.</p>;
  if (!data) return <p>Loading…</p>;
  const versions = data.items ?? [];
  if (versions.length === 0) return <p>No earlier versions: it has not been changed since it was made.</p>;
  const restore = async (version) => {
    if (busy || !window.confirm('Restore this version? The record as it is now stays in its history.')) return;
    setBusy(true);
    const response = await api(`${path(kind, id)}/${version.version}/restore`, { method: 'POST' });
    setBusy(false);
    if (!response.ok) return notifyRefusal(response);
    notify.success(response.data?.msg ?? 'Version restored');
    onRestored?.();
  };
  return (
    <ol className="history-versions">
      {versions.map((version) => (
        <li key={version.version}>
          <p className="history-when">
            Until <time dateTime={version.at}>{dayAndTime(version.at)}</time>, when {version.by} changed:
          </p>
          <ul>
            {version.changes.map((change) => (
              <li key={change.field}>
                {fieldName(change.field, names)}: {shown(change.old)} → {shown(change.new)}
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="button button-small button-outline"
            onClick={() => restore(version)}
            aria-busy={busy || undefined}
          >
            Restore this version
            <span className="visually-hidden"> (from before {dayAndTime(version.at)})</span>
          </button>
        </li>
      ))}
    </ol>
  );
}
