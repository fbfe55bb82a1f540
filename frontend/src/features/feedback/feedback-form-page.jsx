// /form: the feedback form. The answers are kept for the admins' Feedback screen; a sent form thanks the visitor
// and clears, a refused one names each field's reason, a failed one says it was not sent and keeps the answers.
import { useState } from 'react';
import { Field, fieldReason } from '../../components/field.jsx';
import { FormActions, useFormInLanguage } from '../../components/form-actions.jsx';
import { useT } from '../../lib/i18n.js';
import { westernDigits } from '../../lib/digits.js';
import { sendFeedback } from './api.js';
import './feedback.css';

const EMPTY = { name: '', email: '', mobile: '', gender: '', interested: false, rating: '', suggestion: '' };
const GENDERS = ['male', 'female', 'other'];

/** A refusal of the whole form (no field to blame) is a form with no answer at all. */
const meaning = ({ status }) => (status === 400 ? 'feedback.empty' : undefined);

export function FeedbackFormPage() {
  const [thanked, setThanked] = useState(false);
  const t = useT();
  const { form, field, change, setForm, submit, busy, status, errors, why } = useFormInLanguage(EMPTY, {
    send: (answers) => {
      setThanked(false);
      // A number typed in Bengali digits (৯৮৭৬৫৪৩২১০) as the server reads it.
      return sendFeedback({ ...answers, mobile: westernDigits(answers.mobile) });
    },
    onSuccess: () => {
      setForm(EMPTY);
      setThanked(true);
    },
    meaning,
  });

  const reset = (event) => {
    event.preventDefault();
    setForm(EMPTY);
    setThanked(false);
  };

  // Why it was not sent: in English the server's reason (a 400's alone), in Bengali the catalog's words for it.
  const notSentMessage = why && status !== 400 ? t.parts('feedback.notSent', { why }) : why;

  return (
    <div className="page">
      <h1 className="page-title">{t('feedback.title')}</h1>
      <form className="form-card" onSubmit={submit} onReset={reset} noValidate>
        <Field label={t('feedback.name')} {...field('name')} maxLength={100} autoComplete="name" />
        <Field label={t('feedback.email')} type="email" {...field('email')} autoComplete="email" />
        <Field label={t('feedback.mobile')} type="tel" {...field('mobile')} maxLength={30} autoComplete="tel" />
        <fieldset className="choice-group" aria-describedby={errors.gender ? 'gender-error' : undefined}>
          <legend>{t('feedback.gender')}</legend>
          {GENDERS.map((gender) => (
            <label key={gender}>
              <input
                type="radio"
                name="gender"
                value={gender}
                checked={form.gender === gender}
                onChange={change}
              />{' '}
              {t(`feedback.gender.${gender}`)}
            </label>
          ))}
          {errors.gender && (
            <p className="field-error" id="gender-error">
              {fieldReason(t.lang, errors.gender)}
            </p>
          )}
        </fieldset>
        <label className="choice">
          <input type="checkbox" name="interested" checked={form.interested} onChange={change} />{' '}
          {t('feedback.interested')}
        </label>
        <Field
          as="select"
          label={t('feedback.rating')}
          {...field('rating')}
          options={[5, 4, 3, 2, 1].map((stars) => [stars, t('feedback.stars', { count: stars })])}
        >
          <option value="" disabled>
            {t('feedback.rate')}
          </option>
        </Field>
        <Field as="textarea" label={t('feedback.suggestion')} {...field('suggestion')} maxLength={5000} />
        <FormActions submitLabel={t('feedback.submit')} busy={busy} message={notSentMessage}>
          <button type="reset" className="button button-outline">
            {t('feedback.reset')}
          </button>
        </FormActions>
        <p role="status" className="form-result">
          {thanked ? t('feedback.thanks') : ''}
        </p>
      </form>
    </div>
  );
}
