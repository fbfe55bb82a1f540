// The notice fields shared by the Create Notice popup and the edit form.
import { Field } from '../../../components/field.jsx';

export const emptyNotice = { url: '', title: '', date: '' };

/** `dateRequired`: an existing notice keeps a date; a new one without a date gets today's. */
export function NoticeFields({ form, errors, onChange, dateRequired = false }) {
  return (
    <>
      <Field
        label="URL"
        name="url"
        type="url"
        value={form.url}
        onChange={onChange}
        error={errors.url}
        maxLength={2048}
        placeholder="https://…"
      />
      <Field
        label="Title"
        name="title"
        value={form.title}
        onChange={onChange}
        error={errors.title}
        required
        maxLength={200}
      />
      <Field
        label="Date"
        name="date"
        type="date"
        value={form.date}
        onChange={onChange}
        error={errors.date}
        required={dateRequired}
      />
    </>
  );
}
