// /admin/followers (admins): who gets new notices by email, how many, and since when; those who have not yet
// confirmed their address are waiting (they get nothing until they do). Remove one, or download them all as CSV.
import { Address, Received } from '../../../components/admin/cells.jsx';
import { DataTable } from '../../../components/admin/data-table.jsx';
import { deleteColumn } from '../../../components/admin/delete-button.jsx';
import { countOf, formatNumber } from '../../../components/admin/list-controls.jsx';
import { DownloadButton } from '../../../components/download-button.jsx';
import { useApiData } from '../../../lib/api-hooks.js';
import { fetchFollowers, FOLLOWERS_CSV, removeFollower } from '../api.js';

const LANGUAGE_NAMES = { en: 'English', bn: 'Bengali' };

export function FollowersPage() {
  const { data, loadFailed, reload } = useApiData(fetchFollowers);
  const followers = data?.followers ?? null;
  const waiting = followers?.filter((follower) => !follower.confirmedAt).length ?? 0;

  const columns = [
    { header: 'Email', cell: (follower) => <Address text={follower.email} />, className: 'cell-address' },
    {
      header: 'Language',
      cell: (follower) => LANGUAGE_NAMES[follower.lang] ?? follower.lang,
    },
    {
      header: 'Confirmed',
      cell: (follower) =>
        follower.confirmedAt ? <Received timestamp={follower.confirmedAt} /> : 'Waiting for confirmation',
    },
    { header: 'Asked', cell: (follower) => <Received timestamp={follower.createdAt} /> },
    deleteColumn({
      label: 'Remove',
      rowName: (follower) => follower.email,
      question: (follower) => `Remove ${follower.email}? They get no more notices by email.`,
      remove: removeFollower,
      success: 'Follower removed',
      onDeleted: reload,
    }),
  ];

  const summary = data && (
    <p>
      {countOf(data.count ?? 0, 'follower')} {data.count === 1 ? 'gets' : 'get'} new notices by email
      {waiting > 0 && `; ${formatNumber(waiting)} waiting for confirmation`}.
    </p>
  );

  return (
    <DataTable
      title="Followers"
      actions={
        <DownloadButton path={FOLLOWERS_CSV} fallbackName="jyoti-followers.csv">
          Download CSV
        </DownloadButton>
      }
      controls={summary}
      columns={columns}
      rows={followers}
      loadFailed={loadFailed}
      empty="No one has asked for notices by email yet."
    />
  );
}
