// The Users screen's Invite: a popup asking for an email and a role (admin or editor); once the server made the
// invitation, the popup shows its link this one time, to copy, and says whether it was emailed (as Send again does).
import { useState } from 'react';
import { useUnsavedChanges } from '../../../components/admin/unsaved-changes.js';
import { Field } from '../../../components/field.jsx';
import { FormActions } from '../../../components/form-actions.jsx';
import { Modal } from '../../../components/modal.jsx';
import { useForm } from '../../../lib/api-hooks.js';
import { invite } from '../api.js';
import { INVITED_ROLES, ROLE_NAMES, withArticle } from '../roles.js';
import { OneTimeLink } from './one-time-link.jsx';

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

/** The link of an invitation the server just made (`made` is its answer), shown this one time. */
export function InvitationLink({ made, onClose }) {
  return (
    <OneTimeLink made={made} email={made.email} what="The invitation" label="Invitation link" onClose={onClose}>
      With it, {made.email} joins the team as {withArticle(made.role)}.
    </OneTimeLink>
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

  useUnsavedChanges('Invite to the team', !made && form.form.email.trim() !== '');

  if (made) return <InvitationLink made={made} onClose={onClose} />;
  return (
    <form onSubmit={form.submit}>
      <Field label="Email" type="email" {...form.field('email')} required autoComplete="off" />
      <Field
        label="Role"
        as="select"
        {...form.field('role')}
        options={INVITED_ROLES.map((role) => [role, ROLE_NAMES[role]])}
      />
      <FormActions submitLabel="Invite" busy={form.busy} message={form.message}>
        <button type="button" className="button button-outline" onClick={onClose}>
          Close
        </button>
      </FormActions>
    </form>
  );
}
