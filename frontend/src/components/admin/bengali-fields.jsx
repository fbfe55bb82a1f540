// The Bengali beside the English in an admin form: a "… in Bengali" field after each English one that /bn shows, and
// a send that stores the Bengali once the record's own call has saved the English (PUT /api/admin/translations).
import { api } from '../../lib/api-client.js';
import { notify } from '../../lib/toast.js';
import { Field } from '../field.jsx';

/** Stores one Bengali text; an empty `text` removes it (the English shows again). Answers {msg}. */
export const saveBengaliText = ({ kind, record, field, text }) =>
  api('/api/admin/translations', { method: 'PUT', body: { kind, record, field, text } });

/** The form's name for the Bengali of the field `name`: `title` → `titleBn`. */
export const bengaliName = (name) => `${name}Bn`;

/** The form's Bengali values of `names`, from a record's `bn` (empty for a new record or a text without one). */
export const bengaliValues = (names, record) =>
  Object.fromEntries(names.map((name) => [bengaliName(name), record?.bn?.[name] ?? '']));

/** `values` without the Bengali of `names`: what the record's own call takes. */
export function withoutBengali(values, names) {
  const english = { ...values };
  for (const name of names) delete english[bengaliName(name)];
  return english;
}

/**
 * Sends a form with Bengali: `send(english)` saves the record; once it is saved, each Bengali text of `names` that
 * differs from `before` (the form's first values) is stored for the record `recordOf(response, values)` of `kind`
 * (an id; a setting's key; an event's English). The record's answer is the form's answer: a Bengali text the server
 * refuses after the record was saved is said in an error toast, not by keeping the form open, where sending again
 * would make the record twice.
 */
export function sendWithBengali({ kind, names, send, recordOf, before = {} }) {
  return async (values) => {
    const response = await send(withoutBengali(values, names));
    if (!response.ok) return response;
    const refused = [];
    for (const name of names) {
      const text = values[bengaliName(name)] ?? '';
      const record = recordOf(response, values, name);
      // An event's Bengali is its English's: a changed event takes the Bengali written beside it along (an empty one
      // leaves the new event's own Bengali as it is).
      const was = before[bengaliName(name)] ?? '';
      const unchanged = text === was && (kind !== 'event' || record === before[name] || text === '');
      if (unchanged || record === undefined || record === '') continue;
      const saved = await saveBengaliText({ kind, record, field: name, text });
      if (!saved.ok) refused.push(saved.data?.errors?.text ?? saved.data?.message ?? `status ${saved.status}`);
    }
    if (refused.length > 0) {
      notify.error(`Saved, but not its Bengali: ${refused.join('; ')}. Write it again here or on the Bengali screen.`);
    }
    return response;
  };
}

/**
 * The Bengali field beside the English one: `label` is the field's name in Bengali ("নোটিসের শিরোনাম"), said with
 * "(বাংলায়)", in Bengali, so that no label holds another's English name; `field` is useForm's, `name` the English
 * field's. Empty, the Bengali pages show the English.
 */
export function BengaliField({ label, field, name, ...props }) {
  return (
    <Field
      label={<span lang="bn">{label} (বাংলায়)</span>}
      lang="bn"
      placeholder="Empty: the Bengali pages show the English"
      {...field(bengaliName(name))}
      {...props}
    />
  );
}
