// The form that asks for new notices by email: an address and the language of the mails (the page's by default).
// The server mails a link to confirm first and answers the same whoever asks; the answer shows in place.
import { useState } from 'react';
import { Field } from '../../components/field.jsx';
import { FormActions, useFormInLanguage } from '../../components/form-actions.jsx';
import { LANGUAGES, useT } from '../../lib/i18n.js';
import { follow } from './api.js';
import './follow-form.css';

export function FollowForm({ id }) {
  const t = useT();
  const [answer, setAnswer] = useState('');
  const { field, set, submit, busy, why } = useFormInLanguage(
    { email: '', lang: t.lang },
    {
      send: (form) => {
        setAnswer('');
        return follow(form);
      },
      onSuccess: (response) => {
        setAnswer(t.lang === 'en' && response.data?.msg ? response.data.msg : t('follow.sent'));
        // Another address starts afresh; the language stays as chosen.
        set('email', '');
      },
    },
  );

  return (
    <form id={id} className="follow-form form-card" onSubmit={submit}>
      <p>{t('follow.help')}</p>
      <Field label={t('follow.email')} type="email" {...field('email')} required autoComplete="email" />
      <Field label={t('follow.lang')} as="select" {...field('lang')}>
        {Object.entries(LANGUAGES).map(([lang, { name }]) => (
          <option key={lang} value={lang} lang={lang}>
            {name}
          </option>
        ))}
      </Field>
      <FormActions submitLabel={t('follow.submit')} busy={busy} message={why} />
      <p className="follow-answer" role="status">
        {answer}
      </p>
    </form>
  );
}
