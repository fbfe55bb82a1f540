// "Paid already? Tell us": a donor names the payment they made (by UPI or bank transfer), so the volunteers can find
// it on the statement and say thank you. A sent note thanks the donor and clears; a refused one names each field's
// reason; a failed one says it was not sent and keeps what was typed. On a Bengali page the reasons are the
// catalog's, not the server's English, wherever the page knows what went wrong.
import { useState } from 'react';
import { Field } from '../../components/field.jsx';
import { FormActions, useFormInLanguage } from '../../components/form-actions.jsx';
import { useT } from '../../lib/i18n.js';
import { westernDigits } from '../../lib/digits.js';
import { tellGift } from './api.js';
import './gift-form.css';

const EMPTY = { name: '', amount: '', reference: '', email: '' };

/**
 * What each field asks for: on a Bengali page, said in place of a reason of the server's that Field cannot say in
 * Bengali (the amount's and the reference's own rules).
 */
const FIELD_ERRORS = {
  name: 'support.gift.error.name',
  amount: 'support.gift.error.amount',
  reference: 'support.gift.error.reference',
  email: 'support.gift.error.email',
};

export function GiftForm() {
  const t = useT();
  const [thanked, setThanked] = useState('');
  // Why it was not sent, beside the button: in English the server's reason (a 400's alone), in Bengali the catalog's.
  const { field, setForm, submit, busy, status, why } = useFormInLanguage(EMPTY, {
    send: (gift) => {
      setThanked('');
      // The page's language goes along: the thank-you mail is written in it.
      const note = { ...gift, amount: westernDigits(gift.amount), reference: westernDigits(gift.reference) };
      return tellGift({ ...note, lang: t.lang });
    },
    onSuccess: (_response, gift) => {
      setForm(EMPTY);
      setThanked(gift.email.trim() ? t('support.gift.thanksEmail') : t('support.gift.thanks'));
    },
    fieldErrors: FIELD_ERRORS,
  });

  return (
    <section className="card support-way" aria-labelledby="gift-title">
      <h2 id="gift-title">{t('support.gift.title')}</h2>
      <p className="gift-why">{t('support.gift.why')}</p>
      <form className="gift-form" onSubmit={submit} noValidate>
        <Field label={t('support.gift.name')} {...field('name')} maxLength={100} autoComplete="name" required />
        <Field label={t('support.gift.amount')} {...field('amount')} inputMode="decimal" autoComplete="off" required />
        <Field
          label={t('support.gift.reference')}
          {...field('reference')}
          maxLength={100}
          autoComplete="off"
          spellCheck={false}
          required
        />
        <Field label={t('support.gift.email')} type="email" {...field('email')} autoComplete="email" />
        <FormActions
          submitLabel={t('support.gift.submit')}
          busy={busy}
          message={why && (status === 400 ? why : t.parts('support.gift.notSent', { why }))}
        />
        <p role="status" className="form-result">
          {thanked}
        </p>
      </form>
    </section>
  );
}
