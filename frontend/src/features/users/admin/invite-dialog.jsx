// The Users screen's Invite: a popup asking for an email and a role (admin or editor); once the server made the
// invitation, the popup shows its link this one time, to copy, and says whether it was emailed.
import { useState } from 'react';
import { dayAndTime } from '../../../components/admin/cells.jsx';
import { CopyButton } from '../../../components/copy-button.jsx';
import { Field } from '../../../components/field.jsx';
import { FormActions } from '../../../components/form-actions.jsx';
import { Modal } from '../../../components/modal.jsx';
import { useForm } from '../../../lib/api-hooks.js';
import { invite } from '../api.js';
import { INVITED_ROLES, ROLE_NAMES } from '../roles.js';
import './invitations.css';

/** `onInvited()` runs once an invitation was made (the pending list reloads). */
export function InviteDialog({ onInvited }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <button type="button" className="button" onClick={() => setOpen(true)}>
        Invite
      </button>
      <Modal open={open} title="Invite to the team" onClose={close}>
        <InviteSteps onInvited={onInvited} onClose={close} />
      </Modal>
    </>
  );
}

/** The form, then what the server answered. */
function InviteSteps({ onInvited, onClose }) {
  const [made, setMade] = useState(null);
  const form = useForm(
    { email: '', role: 'editor' },
    {
      send: invite,
      onSuccess: (response) => {
        setMade(response.data);
        onInvited();
      },
    },
  );

  if (made) return <InvitationMade invitation={made} onClose={onClose} />;
  return (
    <form onSubmit={form.submit}>
      <Field label="Email" type="email" {...form.field('email')} required autoComplete="off" />
      <Field label="Role" as="select" {...form.field('role')}>
        {INVITED_ROLES.map((role) => (
          <option key={role} value={role}>
            {ROLE_NAMES[role]}
          </option>
        ))}
      </Field>
      <FormActions submitLabel="Invite" busy={form.busy} message={form.message}>
        <button type="button" className="button button-outline" onClick={onClose}>
          Close
        </button>
      </FormActions>
    </form>
  );
}

/**
 * The link, shown only now (the server keeps only its hash). The server gives it whole when it knows the site's
 * address, else as a path on this site.
 */
function InvitationMade({ invitation, onClose }) {
  const link = new URL(invitation.link, window.location.origin).href;
  return (
    <div className="invitation-made">
      <p role="status">
        {invitation.mailed
          ? `The invitation was emailed to ${invitation.email}.`
          : 'Email is off: send this link to them yourself.'}
      </p>
      <p>
        {invitation.email} joins as {ROLE_NAMES[invitation.role]?.toLowerCase() ?? invitation.role} with this link,
        once, until {dayAndTime(invitation.expiresAt)}. It is shown only now.
      </p>
      <div className="invitation-link">
        <Field label="Invitation link" value={link} readOnly onFocus={(event) => event.target.select()} />
        <CopyButton value={link} label="Invitation link" />
      </div>
      <div className="form-actions">
        <button type="button" className="button button-outline" onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}
