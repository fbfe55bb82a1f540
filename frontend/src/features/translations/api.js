// The Bengali versions of the public texts (admins and editors).

import { api } from '../../lib/api-client.js';

/**
 * The public texts with a Bengali version, a page at a time: `query` is {page, size, q, missing} (missing: '1' for
 * only those with no Bengali yet). Answers {items: [{kind, record, field, place, english, bengali, max, multiline}],
 * total, missing}: `missing` counts every text still without Bengali.
 */
export const fetchBengaliTexts = (query) => api('/api/admin/translations', { query });

// Stores one Bengali text: the forms that show a text's Bengali beside its English store it the same way.
export { saveBengaliText } from '../../components/admin/bengali-fields.jsx';
