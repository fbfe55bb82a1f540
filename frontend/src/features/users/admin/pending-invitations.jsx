// The invitations not yet accepted, folded under the accounts until opened: to whom, as what, until when and from
// whom, each with Revoke. Nothing shows while there are none.
import { Received } from '../../../components/admin/cells.jsx';
import { DataTable } from '../../../components/admin/data-table.jsx';
import { deleteColumn } from '../../../components/admin/delete-button.jsx';
import { countOf } from '../../../components/admin/list-controls.jsx';
import { revokeInvitation } from '../api.js';
import { ROLE_NAMES } from '../roles.js';
import './invitations.css';

/** `invitations` is useApiData's answer for fetchInvitations (the Users screen reloads it after an invitation). */
export function PendingInvitations({ invitations }) {
  const { data, loadFailed, reload } = invitations;
  if (data === null) return loadFailed ? <p>The pending invitations could not be loaded.</p> : null;
  if (data.length === 0) return null;

  const columns = [
    { header: 'Email', cell: (invitation) => invitation.email },
    { header: 'Role', cell: (invitation) => ROLE_NAMES[invitation.role] ?? invitation.role },
    { header: 'Expires', cell: (invitation) => <Received timestamp={invitation.expiresAt} /> },
    // The server names who invited as they are named now, and no one once their account is gone.
    { header: 'Invited by', cell: (invitation) => invitation.invitedBy || 'A deleted account' },
    deleteColumn({
      label: 'Revoke',
      rowName: (invitation) => `the invitation of ${invitation.email}`,
      question: (invitation) => `Revoke the invitation of ${invitation.email}? Its link stops working.`,
      remove: revokeInvitation,
      success: 'Invitation revoked',
      onDeleted: reload,
    }),
  ];
  return (
    <details className="pending-invitations">
      <summary>{countOf(data.length, 'pending invitation')}</summary>
      <DataTable title="Pending invitations" columns={columns} rows={data} empty="No pending invitations." />
    </details>
  );
}
