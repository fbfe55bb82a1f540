// Uploading many photos at once: dropped on the drop zone or chosen together, sent one after another (the server
// decodes only a few at a time), each with its own progress and outcome, and a summary once all are done.
import { useEffect, useRef, useState } from 'react';
import { PHOTO_TYPES, sendPhoto } from '../../../components/admin/photo-upload.jsx';
import { Field } from '../../../components/field.jsx';

let nextKey = 0;

/** `onUploaded()` runs once the files chosen so far are all done, when at least one of them went in. */
export function BulkUpload({ onUploaded }) {
  const [alt, setAlt] = useState('');
  const [uploads, setUploads] = useState([]);
  const [sending, setSending] = useState(false);
  const [dragging, setDragging] = useState(false);
  // Files wait here for their turn; files added while others are sent join the same run.
  const queue = useRef([]);
  const running = useRef(false);

  // A photo dropped beside the drop zone would make the browser leave the screen to show it, losing the uploads
  // under way: on this screen a missed drop does nothing.
  useEffect(() => {
    const ignore = (event) => {
      if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
    };
    document.addEventListener('dragover', ignore);
    document.addEventListener('drop', ignore);
    return () => {
      document.removeEventListener('dragover', ignore);
      document.removeEventListener('drop', ignore);
    };
  }, []);

  const update = (key, changes) =>
    setUploads((list) => list.map((upload) => (upload.key === key ? { ...upload, ...changes } : upload)));

  const run = async () => {
    running.current = true;
    setSending(true);
    let uploaded = 0;
    for (let next = queue.current.shift(); next; next = queue.current.shift()) {
      const { key, file, description } = next;
      const progress = (fraction) => update(key, { status: 'sending', percent: Math.round(fraction * 100) });
      const shrinking = () => update(key, { status: 'shrinking' });
      const outcome = await sendPhoto(file, description, progress, shrinking);
      if (outcome.photo) uploaded += 1;
      update(key, outcome.photo ? { status: 'done' } : { status: 'refused', reason: whyRefused(outcome) });
    }
    running.current = false;
    setSending(false);
    if (uploaded > 0) onUploaded();
  };

  const add = (fileList) => {
    const files = [...fileList];
    if (files.length === 0) return;
    const added = files.map((file) => ({ key: (nextKey += 1), file, description: alt.trim() }));
    const rows = added.map(({ key, file }) => ({ key, name: file.name, status: 'waiting', percent: 0, reason: '' }));
    // A new choice after the last run starts a fresh list; one made during a run joins it.
    const joining = running.current;
    setUploads((list) => (joining ? [...list, ...rows] : rows));
    queue.current.push(...added);
    if (!running.current) run();
  };

  const choose = (event) => {
    add(event.target.files);
    event.target.value = '';
  };

  const drop = (event) => {
    event.preventDefault();
    setDragging(false);
    add(event.dataTransfer.files);
  };

  const dragOver = (event) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };

  return (
    <section aria-labelledby="upload-title">
      <h2 id="upload-title">Upload photos</h2>
      <div className="form-card upload-form">
        <Field
          label="Description for these photos (alt text; each can be changed later)"
          name="alt"
          value={alt}
          onChange={(event) => setAlt(event.target.value)}
          maxLength={200}
        />
        <div
          className={dragging ? 'drop-zone drop-zone-active' : 'drop-zone'}
          onDragEnter={dragOver}
          onDragOver={dragOver}
          onDragLeave={() => setDragging(false)}
          onDrop={drop}
        >
          <p className="drop-zone-hint">Drop photos here (JPEG, PNG or WebP, up to 32 MB each), or</p>
          <Field label="Choose photos" name="files" type="file" accept={PHOTO_TYPES} multiple onChange={choose} />
        </div>
        <UploadList uploads={uploads} />
        <p className="upload-summary" role="status">
          {summary(uploads, sending)}
        </p>
      </div>
    </section>
  );
}

/** The reason a file did not go in: what is wrong with it, else the server's message, else its status. */
function whyRefused({ reason, response }) {
  if (reason) return reason;
  if (response.status === 0) return 'the site could not be reached; check the connection';
  return response.data?.message || `the server refused it (status ${response.status})`;
}

function summary(uploads, sending) {
  if (uploads.length === 0) return '';
  const photos = (count) => `${count} photo${count === 1 ? '' : 's'}`;
  if (sending) return `Uploading ${photos(uploads.length)}…`;
  const done = uploads.filter((upload) => upload.status === 'done').length;
  const refused = uploads.length - done;
  return `${done} of ${photos(uploads.length)} uploaded${refused > 0 ? `; ${refused} refused` : ''}.`;
}

const OUTCOMES = {
  waiting: () => 'Waiting',
  shrinking: () => 'Making it smaller for the web… (step 1 of 2, then the upload)',
  sending: (upload) => `Uploading… ${upload.percent}%`,
  done: () => 'Uploaded',
  refused: (upload) => upload.reason,
};

function UploadList({ uploads }) {
  if (uploads.length === 0) return null;
  return (
    <ul className="upload-list" aria-label="Uploads">
      {uploads.map((upload) => (
        <li key={upload.key} className={`upload-item upload-${upload.status}`}>
          <span className="upload-name">{upload.name}:</span> {OUTCOMES[upload.status](upload)}
          {upload.status === 'sending' && (
            <progress max={100} value={upload.percent} aria-label={`Uploading ${upload.name}`} />
          )}
        </li>
      ))}
    </ul>
  );
}
