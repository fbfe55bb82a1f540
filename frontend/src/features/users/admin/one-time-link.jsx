// A link the server makes once and keeps only the hash of (an invitation, a password reset): shown this one time in
// its popup, with Copy, saying whether it was emailed or is the admin's to pass on.
import { useEffect, useRef } from 'react';
import { dayAndTime } from '../../../components/admin/cells.jsx';
import { useUnsavedChanges } from '../../../components/admin/unsaved-changes.js';
import { CopyButton } from '../../../components/copy-button.jsx';
import { Field } from '../../../components/field.jsx';
import './one-time-link.css';

/**
 * `made` is the server's answer {link, mailed, why, expiresAt}: the link whole when the server knows the site's
 * address, else a path on this site; `why` says why it was not emailed. `email` is where it was mailed, as `what` ('The invitation'); `label` names the link
 * ('Invitation link'); `children` say what the link does.
 */
export function OneTimeLink({ made, email, what = 'The link', label, children, onClose }) {
  const link = new URL(made.link, window.location.origin).href;
  // Not emailed, the link is lost with the page: leaving it asks first (closing the popup is the admin's own choice).
  useUnsavedChanges(`${label}, shown only once`, !made.mailed);
  // The button that made the link is gone: the focus goes to the link, selected to copy.
  const box = useRef(null);
  useEffect(() => box.current.querySelector('input').focus(), []);
  return (
    <div className="one-time-link" ref={box}>
      <p role="status">
        {made.mailed ? `${what} was emailed to ${email}.` : made.why}
      </p>
      <p>
        {children} It works once, until {dayAndTime(made.expiresAt)}, and is shown only now.
      </p>
      <div className="one-time-link-box">
        <Field label={label} value={link} readOnly onFocus={(event) => event.target.select()} />
        <CopyButton value={link} label={label} />
      </div>
      <div className="form-actions">
        <button type="button" className="button button-outline" onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}
