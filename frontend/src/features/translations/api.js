// The Bengali versions of the public texts (admins and editors).

import { api } from '../../lib/api-client.js';

/** Every public text with a Bengali version: {items: [{kind, record, field, place, english, bengali, max, multiline}]}. */
export const fetchBengaliTexts = () => api('/api/admin/translations');

/** Stores one Bengali text; an empty `text` removes it (the English shows again). Answers {msg}. */
export const saveBengaliText = ({ kind, record, field, text }) =>
  api('/api/admin/translations', { method: 'PUT', body: { kind, record, field, text } });
