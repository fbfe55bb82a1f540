// Where the admin's Reply, Call and WhatsApp links of a contact message lead. What a visitor typed is only ever a
// percent-encoded part of a link, so an address with "?" or "&" in it cannot add a header or change the recipient.

/** The subject of a reply, so the visitor sees at once what it answers. */
export const REPLY_SUBJECT = 'Re: your message to Jyoti';

/** A new mail to `email` with the subject filled in. */
export const replyHref = (email) => `mailto:${encodeURIComponent(email)}?subject=${encodeURIComponent(REPLY_SUBJECT)}`;

/**
 * A telephone number in international form, digits only ("919876543210"), or null when what was typed cannot be one.
 * Spaces, dashes, dots and brackets go, then a leading "+", "00" or trunk "0"; ten digits left are an Indian number
 * (the school's visitors are in India) and get its country code 91; 11 to 15 digits already carry a country code.
 */
export function internationalNumber(telephone) {
  const digits = String(telephone ?? '')
    .replace(/[\s\-.()]/g, '')
    .replace(/^(\+|00|0)/, '');
  if (!/^\d+$/.test(digits)) return null;
  if (digits.length === 10) return `91${digits}`;
  return digits.length >= 11 && digits.length <= 15 ? digits : null;
}

/** A call to the number (`number` from internationalNumber). */
export const callHref = (number) => `tel:+${encodeURIComponent(number)}`;

/** A WhatsApp chat with the number (`number` from internationalNumber). */
export const whatsAppHref = (number) => `https://wa.me/${encodeURIComponent(number)}`;
