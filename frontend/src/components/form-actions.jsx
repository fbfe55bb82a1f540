// The end of a form: its own error line for a refusal that names no single field, then its buttons.
import './form-actions.css';

/**
 * `message` is the server's reason, e.g. for a duplicate; `busy` disables the submit button while the form is
 * sent; `children` are the buttons or links after it; `unsaved` says beside them that the form holds edits not
 * saved yet.
 */
export function FormActions({ submitLabel, busy = false, message, unsaved = false, children }) {
  return (
    <>
      {message && (
        <p className="form-message" role="alert">
          {message}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="button" disabled={busy}>
          {submitLabel}
        </button>
        {children}
        {unsaved && <span className="form-unsaved">Unsaved changes</span>}
      </div>
    </>
  );
}
