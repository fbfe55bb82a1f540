// A telephone number as shown to visitors: a link that calls it, in international form; as text if it cannot be one.
import { callHref, internationalNumber } from '../lib/phone-links.js';

export function PhoneNumber({ phone }) {
  const number = internationalNumber(phone);
  return number ? <a href={callHref(number)}>{phone}</a> : phone;
}
