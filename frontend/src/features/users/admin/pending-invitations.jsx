// The invitations not yet accepted, folded under the accounts until opened: to whom, as what, until when (or that it
// has expired) and from whom, each with Revoke, and an expired one with Send again. Nothing shows while there are none.
import { useRef, useState } from 'react';
import { Received } from '../../../components/admin/cells.jsx';
import { DataTable } from '../../../components/admin/data-table.jsx';
import { deleteColumn } from '../../../components/admin/delete-button.jsx';
import { countOf } from '../../../components/admin/list-controls.jsx';
import { Modal } from '../../../components/modal.jsx';
import { notifyRefusal } from '../../../lib/api-hooks.js';
import { invite, revokeInvitation } from '../api.js';
import { ROLE_NAMES } from '../roles.js';
import { InvitationLink } from './invite-dialog.jsx';
import './invitations.css';

/** `invitations` is useApiData's answer for fetchInvitations (the Users screen reloads it after an invitation). */
export function PendingInvitations({ invitations }) {
  const { data, loadFailed, reload } = invitations;
  // The new link of an invitation sent again: its popup outlives the expired row, which the new invitation replaces.
  const [resent, setResent] = useState(null);
  const summary = useRef(null);
  if (data === null) return loadFailed ? <p>The pending invitations could not be loaded.</p> : null;
  if (data.length === 0) return null;

  const sent = (made) => {
    setResent(made);
    reload();
  };
  // The Send again that opened the popup has gone with its row: the focus comes back to the list's summary.
  const closeResent = () => {
    setResent(null);
    summary.current?.focus();
  };

  const expired = data.filter((invitation) => invitation.expired).length;
  const columns = [
    { header: 'Email', cell: (invitation) => invitation.email, className: 'cell-address' },
    { header: 'Role', cell: (invitation) => ROLE_NAMES[invitation.role] ?? invitation.role },
    { header: 'Expires', cell: (invitation) => <Expiry invitation={invitation} /> },
    // The server names who invited as they are named now, and no one once their account is gone.
    { header: 'Invited by', cell: (invitation) => invitation.invitedBy || 'A deleted account' },
    // Only while one has expired: the others need nothing but Revoke.
    expired > 0 && {
      header: 'Send again',
      action: true,
      cell: (invitation) => invitation.expired && <SendAgain invitation={invitation} onSent={sent} />,
    },
    deleteColumn({
      label: 'Revoke',
      rowName: (invitation) => `the invitation of ${invitation.email}`,
      question: (invitation) => `Revoke the invitation of ${invitation.email}? Its link stops working.`,
      remove: revokeInvitation,
      success: 'Invitation revoked',
      onDeleted: reload,
    }),
  ].filter(Boolean);
  return (
    <>
      <details className="pending-invitations">
        <summary ref={summary}>
          {countOf(data.length, 'pending invitation')}
          {expired > 0 && ` (${expired} expired)`}
        </summary>
        <DataTable title="Pending invitations" columns={columns} rows={data} empty="No pending invitations." />
      </details>
      <Modal open={resent !== null} title="Invite to the team" onClose={closeResent}>
        {resent && <InvitationLink made={resent} onClose={closeResent} />}
      </Modal>
    </>
  );
}

/** Until when the link works, or that it has expired (and since when). */
function Expiry({ invitation }) {
  if (!invitation.expired) return <Received timestamp={invitation.expiresAt} />;
  return (
    <span className="invitation-expired">
      <strong>Expired</strong> <Received timestamp={invitation.expiresAt} />
    </span>
  );
}

/** Invites the same address as the same role again: the server replaces the expired invitation with a new one. */
function SendAgain({ invitation, onSent }) {
  const [busy, setBusy] = useState(false);
  const send = async () => {
    if (busy) return;
    setBusy(true);
    const response = await invite({ email: invitation.email, role: invitation.role });
    setBusy(false);
    if (response.ok) onSent(response.data);
    else notifyRefusal(response);
  };
  return (
    <button type="button" className="button button-small" onClick={send} aria-busy={busy || undefined}>
      Send again<span className="visually-hidden"> the invitation of {invitation.email}</span>
    </button>
  );
}
