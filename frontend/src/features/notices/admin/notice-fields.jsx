// The notice fields shared by the Create Notice popup and the edit form: the spec's fields in their order, then the
// title in Bengali (last, so the keyboard goes through the spec's fields as before).
import { BengaliField, bengaliValues, sendWithBengali } from '../../../components/admin/bengali-fields.jsx';
import { Field } from '../../../components/field.jsx';

export const emptyNotice = { url: '', title: '', date: '', ...bengaliValues(['title']) };

/** A notice's form values: its link, title, date and the title's Bengali. */
export const noticeValues = (notice) => ({
  url: notice.url ?? '',
  title: notice.title ?? '',
  date: notice.date ?? '',
  ...bengaliValues(['title'], notice),
});

/** `send(english)` with the title's Bengali stored after it, for the notice `id` (a new one's from the answer). */
export const sendNotice = (send, id, before) =>
  sendWithBengali({ kind: 'notice', names: ['title'], send, recordOf: (response) => id ?? response.data?._id, before });

/** `field` is useForm's; `dateRequired`: an existing notice keeps a date, a new one without a date gets today's. */
export function NoticeFields({ field, dateRequired = false }) {
  return (
    <>
      <Field label="URL" type="url" {...field('url')} maxLength={2048} placeholder="https://…" />
      <Field label="Title" {...field('title')} required maxLength={200} />
      <Field
        label={dateRequired ? 'Date' : 'Date (empty: today)'}
        type="date"
        {...field('date')}
        required={dateRequired}
      />
      <BengaliField label="নোটিসের শিরোনাম" name="title" field={field} maxLength={200} />
    </>
  );
}
