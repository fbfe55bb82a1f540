// /admin/feedback: the feedback form's answers a page at a time, newest first, searched by name, email or
// suggestion; deleting one. Answers are React text, so markup a visitor typed is shown, never run.
import { Address, Received, Stars } from '../../../components/admin/cells.jsx';
import { deleteColumn } from '../../../components/admin/delete-button.jsx';
import { PagedTable } from '../../../components/admin/paged-table.jsx';
import { NEWEST_FIRST, OLDEST_FIRST, usePagedList } from '../../../components/admin/use-paged-list.js';
import { deleteFeedback, fetchFeedback } from '../api.js';

const sorts = [NEWEST_FIRST, OLDEST_FIRST];

const genders = { male: 'Male', female: 'Female', other: 'Other' };

const from = (answer) => (answer.name ? `the feedback from ${answer.name}` : `feedback no. ${answer._id}`);

export function FeedbackPage() {
  const list = usePagedList(fetchFeedback, { sorts });
  const columns = [
    { header: 'Name', cell: (answer) => answer.name },
    {
      header: 'Email',
      cell: (answer) =>
        answer.email && (
          <a href={`mailto:${encodeURIComponent(answer.email)}`}>
            <Address text={answer.email} />
          </a>
        ),
      className: 'cell-email cell-address',
    },
    { header: 'Mobile', cell: (answer) => answer.mobile, className: 'cell-nowrap' },
    { header: 'Gender', cell: (answer) => genders[answer.gender] ?? '' },
    { header: 'Volunteer', cell: (answer) => (answer.interested ? 'Interested' : '') },
    { header: 'Rating', cell: (answer) => answer.rating && <Stars subject={`${answer.rating}star`} /> },
    { header: 'Suggestion', cell: (answer) => answer.suggestion, className: 'cell-text' },
    { header: 'Received', cell: (answer) => <Received timestamp={answer.createdAt} /> },
    deleteColumn({
      rowName: from,
      remove: deleteFeedback,
      success: 'Feedback deleted',
      onDeleted: list.reload,
      bin: 'feedback',
    }),
  ];

  return (
    <PagedTable
      title="Feedback"
      list={list}
      noun="answer"
      searchLabel="Search by name, email or suggestion"
      columns={columns}
      empty="No feedback yet."
    />
  );
}
