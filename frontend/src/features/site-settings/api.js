// The admin's calls for the site's texts and links (the screen then reloads GET /api/content), and for a change of
// the payment details that waits out the server's payment hold.
import { api } from '../../lib/api-client.js';

/**
 * Only the changed settings; `supportPhoto` is a photo's id. Answers {msg, pending}: `pending` is the change of the
 * payment details now waiting (see fetchPaymentHold), or null.
 */
export const updateSettings = (changes) => api('/api/admin/settings', { method: 'PATCH', body: changes });

/** What still shows the sample content: [{what, where}], `where` being the admin screen that replaces it. */
export const fetchSampleContentLeft = () => api('/api/admin/sample-content');

/**
 * The change of the payment details that donors do not see yet (admins only): answers {pending: null} or
 * {pending: {takesEffectAt, by, changes: [{field, old, new}]}}.
 */
export const fetchPaymentHold = () => api('/api/admin/settings/payment-hold');

/** Cancels the waiting change: donors keep the details they see. Answers {msg}; 404 when none is waiting. */
export const cancelPaymentHold = () => api('/api/admin/settings/payment-hold', { method: 'DELETE' });

/**
 * The site's rule "Staff must use a second factor" (`requireSecondFactor`), with the admin's own factors beside it
 * (`totp`, `passkeys`): the signed-in account's view of second factors. The rule is changed with updateSettings.
 */
export const fetchSecondFactorRule = () => api('/api/auth/second-factor');

/**
 * Admins' writes held because they name a UPI ID that is not the site's own (admins only): answers {held: [{_id,
 * by, what, call, field, upiId, madeAt, takesEffectAt, waitingForAlertMail}]}, the soonest first.
 */
export const fetchHeldWrites = () => api('/api/admin/held-writes');

/** Cancels the held write `id`: visitors never see it. Answers {msg}; 404 when it no longer waits. */
export const cancelHeldWrite = (id) => api(`/api/admin/held-writes/${id}`, { method: 'DELETE' });
