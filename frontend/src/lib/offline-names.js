// Where the service worker (src/service-worker/worker.js) keeps its offline copy of the board and the content, and
// where the page reads it (offline-copy.js): one name for both sides.
export const COPY_CACHE = 'jyoti-offline';
export const COPIED_NOTICES = '/offline/notices';
export const COPIED_CONTENT = '/offline/content';
/** The header of a copy: when the service worker fetched it (an ISO time). */
export const COPIED_AT = 'X-Copied-At';

/**
 * The settings that say where donors' money goes (the server's DONATION_DETAILS, src/domain/site_settings.rs, which a
 * test keeps in step with this list): never in the offline copy, so a stale UPI ID can never show.
 */
export const PAYMENT_KEYS = ['donationHolder', 'donationAccount', 'donationIfsc', 'donationBranch', 'donationBank', 'upiId', 'upiPayee'];
