// Where the admin's Reply and WhatsApp links of a contact message lead (Call's is in lib/phone-links.js). What a
// visitor typed is only ever a percent-encoded part of a link, so an address with "?" or "&" in it cannot add a header
// or change the recipient.

/** The subject of a reply, so the visitor sees at once what it answers. */
export const REPLY_SUBJECT = 'Re: your message to Jyoti';

/** A new mail to `email` with the subject filled in. */
export const replyHref = (email) => `mailto:${encodeURIComponent(email)}?subject=${encodeURIComponent(REPLY_SUBJECT)}`;

/** A WhatsApp chat with the number (`number` from internationalNumber, an Indian mobile: isIndianMobile). */
export const whatsAppHref = (number) => `https://wa.me/${encodeURIComponent(number)}`;
