// The notice fields shared by the Create Notice popup and the edit form.
import { Field } from '../../../components/field.jsx';

export const emptyNotice = { url: '', title: '', date: '' };

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
    </>
  );
}
