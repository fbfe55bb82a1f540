// A user's "Reset password": for someone who cannot get a reset link by email (email off, as the forgot-password
// page tells them to ask an admin), a popup makes one and shows it this one time, to copy and pass on.
import { useState } from 'react';
import { FormActions } from '../../../components/form-actions.jsx';
import { Modal } from '../../../components/modal.jsx';
import { notifyRefusal } from '../../../lib/api-hooks.js';
import { makeResetLink } from '../api.js';
import { OneTimeLink } from './one-time-link.jsx';

/** `user` is the account's row; `name` names it for the button and the popup. */
export function ResetLinkDialog({ user, name }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <button type="button" className="button button-small button-outline" onClick={() => setOpen(true)}>
        Reset password<span className="visually-hidden"> {name}</span>
      </button>
      <Modal open={open} title={`Reset the password of ${name}`} onClose={close}>
        <ResetLinkSteps user={user} onClose={close} />
      </Modal>
    </>
  );
}

/** The question, then the link the server made. */
function ResetLinkSteps({ user, onClose }) {
  const [made, setMade] = useState(null);
  const [busy, setBusy] = useState(false);

  const make = async (event) => {
    event.preventDefault();
    setBusy(true);
    const response = await makeResetLink(user._id);
    setBusy(false);
    if (response.ok) setMade(response.data);
    else notifyRefusal(response);
  };

  if (made) {
    return (
      <OneTimeLink made={made} email={user.email} label="Password reset link" onClose={onClose}>
        With it, its owner chooses a new password, which signs the account out everywhere.
      </OneTimeLink>
    );
  }
  return (
    <form onSubmit={make}>
      <p>
        Make a link for {user.email} to choose a new password? Their present password keeps working until the link is
        used.
      </p>
      <FormActions submitLabel="Make the link" busy={busy}>
        <button type="button" className="button button-outline" onClick={onClose}>
          Close
        </button>
      </FormActions>
    </form>
  );
}
