// A telephone number as a link a phone can call: the admin's Call button, and the numbers Home and Support show.

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

/**
 * Whether the number (`number` from internationalNumber) is an Indian mobile, one that WhatsApp can reach: 91 and
 * then ten digits starting 6 to 9. A landline ("033 2456 7890" is 91 33…) or a number abroad gets a call only.
 */
export const isIndianMobile = (number) => /^91[6-9]\d{9}$/.test(number ?? '');

/** A call to the number (`number` from internationalNumber). */
export const callHref = (number) => `tel:+${encodeURIComponent(number)}`;
