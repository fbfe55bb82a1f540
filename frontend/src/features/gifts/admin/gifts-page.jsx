// /admin/gifts (admins): the payments donors told us about on the Support page, a page at a time, newest first or
// those still to find first, searched by name, email or reference. Once the money is on the statement an admin
// marks the gift received, and the donor who gave an email is thanked by mail (once, whatever is clicked after).
import { useState } from 'react';
import { Address, Received } from '../../../components/admin/cells.jsx';
import { deleteColumn } from '../../../components/admin/delete-button.jsx';
import { PagedTable } from '../../../components/admin/paged-table.jsx';
import { NEWEST_FIRST, OLDEST_FIRST, usePagedList } from '../../../components/admin/use-paged-list.js';
import { notifyRefusal } from '../../../lib/api-hooks.js';
import { notify } from '../../../lib/toast.js';
import { deleteGift, fetchGifts, markGiftReceived, rupees } from '../api.js';
import '../gifts.css';

const WAITING_FIRST = { value: 'waiting', label: 'Still to find first' };
const sorts = [NEWEST_FIRST, WAITING_FIRST, OLDEST_FIRST];

const from = (gift) => `the gift from ${gift.name}`;

export function GiftsPage() {
  const list = usePagedList(fetchGifts, { sorts });
  const columns = [
    { header: 'Name', cell: (gift) => gift.name },
    { header: 'Amount', cell: (gift) => rupees(gift.amount), className: 'cell-nowrap' },
    { header: 'Reference', cell: (gift) => <code>{gift.reference}</code> },
    {
      header: 'Email',
      cell: (gift) =>
        gift.email && (
          <a href={`mailto:${encodeURIComponent(gift.email)}`}>
            <Address text={gift.email} />
          </a>
        ),
      className: 'cell-email cell-address',
    },
    { header: 'Told us', cell: (gift) => <Received timestamp={gift.createdAt} /> },
    { header: 'On the statement', cell: (gift) => <ReceivedMark gift={gift} onChanged={list.reload} /> },
    deleteColumn({ rowName: from, remove: deleteGift, success: 'Gift deleted', onDeleted: list.reload, bin: 'gift' }),
  ];

  return (
    <PagedTable
      title="Gifts"
      list={list}
      noun="gift"
      searchLabel="Search by name, email or reference"
      columns={columns}
      empty="No donor has told us about a gift yet. The form is on the Support page, below the ways to pay."
    />
  );
}

/** Whether the money was found on the statement, whether the donor was thanked, and the button that changes it. */
function ReceivedMark({ gift, onChanged }) {
  const [busy, setBusy] = useState(false);
  const received = Boolean(gift.receivedAt);

  const toggle = async () => {
    if (busy) return;
    setBusy(true);
    const response = await markGiftReceived(gift._id, !received);
    setBusy(false);
    if (!response.ok) {
      notifyRefusal(response);
      return;
    }
    if (!received) {
      const thanked = !gift.thankedAt && response.data?.thankedAt;
      // The donor is named, so two marks in a row show two toasts that say which gift each was.
      const marked = `Marked received ${from(gift)}`;
      notify.success(thanked ? `${marked}; a thank-you mail goes to ${gift.email}` : marked);
    }
    onChanged();
  };

  return (
    <span className="gift-state">
      {received ? <span>Received</span> : <span className="gift-waiting">Not yet found</span>}
      {gift.thankedAt && <span className="gift-thanked">Thanked by email</span>}
      <button type="button" className="button button-small button-outline" onClick={toggle} aria-busy={busy || undefined}>
        {received ? 'Mark not received' : 'Mark received'}
        <span className="visually-hidden"> {from(gift)}</span>
      </button>
    </span>
  );
}
