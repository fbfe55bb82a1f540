// The admins' calls for the payments donors told us about: the list, marks and deletes (the donor's own note is
// sent from the Support page, features/support/api.js).
import { api } from '../../lib/api-client.js';
import { formatter } from '../../lib/formats.js';

/** One page of the notes, newest first unless `query.sort` says otherwise: {items, total, page, size}. */
export const fetchGifts = (query) => api('/api/admin/gifts', { query });

/** Whether the gift was found on the statement; the first time it is, the donor is thanked by mail. */
export const markGiftReceived = (giftId, received) =>
  api(`/api/admin/gifts/${encodeURIComponent(giftId)}`, { method: 'PATCH', body: { received } });

export const deleteGift = (giftId) => api(`/api/admin/gifts/${encodeURIComponent(giftId)}`, { method: 'DELETE' });

/** How many notes wait to be found on the statement: {waiting}. */
export const fetchGiftsWaiting = () => api('/api/admin/gifts/waiting');

const rupeeFormat = formatter(() => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }));

/** ₹1,00,000 or ₹1,500.50, the Indian way. */
export const rupees = (amount) => rupeeFormat().format(amount).replace(/\.00$/, '');
