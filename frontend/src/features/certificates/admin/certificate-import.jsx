// Import certificates from a CSV file: pick it, see the preview with every bad row, then import all or nothing.
import { useState } from 'react';
import { useUnsavedChanges } from '../../../components/admin/unsaved-changes.js';
import { Modal } from '../../../components/modal.jsx';
import { notifyDone } from '../../../lib/api-hooks.js';
import { importCertificates } from '../api.js';

/** The "Import CSV" button and its popup; `onImported()` runs once certificates went in. */
export function CertificateImportButton({ onImported }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button button-outline" onClick={() => setOpen(true)}>
        Import CSV
      </button>
      <Modal open={open} title="Import certificates" onClose={() => setOpen(false)}>
        <ImportForm
          onClose={() => setOpen(false)}
          onImported={() => {
            setOpen(false);
            onImported();
          }}
        />
      </Modal>
    </>
  );
}

function ImportForm({ onClose, onImported }) {
  const [file, setFile] = useState(null);
  const [preview, setPreview] = useState(null);
  const [busy, setBusy] = useState(false);
  // A file chosen but not imported yet is work the admin would lose with the page.
  useUnsavedChanges('Import certificates', Boolean(file));

  const send = async (dryRun) => {
    setBusy(true);
    const response = await importCertificates(file, dryRun);
    setBusy(false);
    if (response.status === 0) return setPreview({ message: 'The file did not reach the server. Try again.' });
    if (!dryRun && response.ok) {
      notifyDone(response, `${response.data.imported} certificates imported`);
      return onImported();
    }
    setPreview(response.data?.errors ? response.data : { message: response.data?.message ?? 'The file was refused.' });
  };

  const preview_ = (event) => {
    event.preventDefault();
    if (file) send(true);
  };

  const good = preview && preview.errors?.length === 0 && preview.rows > 0;

  return (
    <form onSubmit={preview_}>
      <p>
        A CSV file (UTF-8, comma or semicolon separated, up to 1 MB and 5,000 rows) whose first line names the columns{' '}
        <code>name</code>, <code>number</code> and optionally <code>event</code> and <code>date</code> (YYYY-MM-DD).
        Nothing is imported while any row has an error.
      </p>
      <div className="field">
        <label htmlFor="certificate-csv">CSV file</label>
        <input
          id="certificate-csv"
          type="file"
          accept=".csv,text/csv"
          required
          onChange={(event) => {
            setFile(event.target.files[0] ?? null);
            setPreview(null);
          }}
        />
      </div>
      <div role="status" className="form-result">
        {preview?.message && <p className="field-error">{preview.message}</p>}
        {preview?.errors && (
          <p>
            {preview.rows} certificates in the file;{' '}
            {preview.errors.length === 0 ? 'no errors.' : `${preview.errors.length} errors: fix them and preview again.`}
          </p>
        )}
      </div>
      {preview?.errors?.length > 0 && (
        <div className="table-box" role="region" aria-label="Rows with errors" tabIndex={0}>
          <table className="data-table">
            <caption className="visually-hidden">Rows with errors</caption>
            <thead>
              <tr>
                <th scope="col">Line</th>
                <th scope="col">Column</th>
                <th scope="col">Problem</th>
              </tr>
            </thead>
            <tbody>
              {preview.errors.map((error) => (
                <tr key={`${error.line}-${error.column}`}>
                  <td>{error.line}</td>
                  <td>{error.column}</td>
                  <td>{error.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="form-actions">
        <button type="submit" className="button button-outline" disabled={busy} aria-busy={busy || undefined}>
          Preview
        </button>
        {good && (
          <button type="button" className="button" disabled={busy} onClick={() => send(false)}>
            Import {preview.rows} certificates
          </button>
        )}
        <button type="button" className="button button-outline" onClick={onClose}>
          Close
        </button>
      </div>
    </form>
  );
}
