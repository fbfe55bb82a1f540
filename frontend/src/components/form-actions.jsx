// The end of a form: its own error line for a refusal that names no single field (e.g. a duplicate), then the
// submit button with any other actions beside it.
import './form-actions.css';

/** `busy` disables the submit button while the form is sent; `children` are the buttons or links after it. */
export function FormActions({ submitLabel, busy = false, message, children }) {
  return (
    <>
      {message && <p className="form-message">{message}</p>}
      <div className="form-actions">
        <button type="submit" className="button" disabled={busy}>
          {submitLabel}
        </button>
        {children}
      </div>
    </>
  );
}
