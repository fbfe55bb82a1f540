// /form: the feedback form. The answers are kept for the admins' Feedback screen; a sent form thanks the visitor
// and clears, a refused one names each field's reason, a failed one says it was not sent and keeps the answers.
import { useState } from 'react';
import { Field } from '../../components/field.jsx';
import { FormActions } from '../../components/form-actions.jsx';
import { useForm } from '../../lib/api-hooks.js';
import { sendFeedback } from './api.js';
import './feedback.css';

const EMPTY = { name: '', email: '', mobile: '', gender: '', interested: false, rating: '', suggestion: '' };
const GENDERS = ['Male', 'Female', 'Other'];

export function FeedbackFormPage() {
  const [thanked, setThanked] = useState(false);
  const { form, field, change, setForm, submit, busy, notSent, status, errors } = useForm(EMPTY, {
    send: (answers) => {
      setThanked(false);
      return sendFeedback(answers);
    },
    onSuccess: () => {
      setForm(EMPTY);
      setThanked(true);
    },
    onRefusal: () => {},
  });

  const reset = (event) => {
    event.preventDefault();
    setForm(EMPTY);
    setThanked(false);
  };

  return (
    <div className="page">
      <h1 className="page-title">Feedback Form</h1>
      <form className="form-card" onSubmit={submit} onReset={reset} noValidate>
        <Field label="Name" {...field('name')} maxLength={100} autoComplete="name" />
        <Field label="Email" type="email" {...field('email')} autoComplete="email" />
        <Field label="Mobile" type="tel" {...field('mobile')} maxLength={30} autoComplete="tel" />
        <fieldset className="choice-group" aria-describedby={errors.gender ? 'gender-error' : undefined}>
          <legend>Gender</legend>
          {GENDERS.map((gender) => (
            <label key={gender}>
              <input
                type="radio"
                name="gender"
                value={gender.toLowerCase()}
                checked={form.gender === gender.toLowerCase()}
                onChange={change}
              />{' '}
              {gender}
            </label>
          ))}
          {errors.gender && (
            <p className="field-error" id="gender-error">
              {errors.gender}
            </p>
          )}
        </fieldset>
        <label className="choice">
          <input type="checkbox" name="interested" checked={form.interested} onChange={change} /> I am interested in
          volunteering
        </label>
        <Field as="select" label="Rating" {...field('rating')}>
          <option value="" disabled>
            Rate Jyoti
          </option>
          {[5, 4, 3, 2, 1].map((stars) => (
            <option key={stars} value={stars}>
              {stars} star{stars > 1 ? 's' : ''}
            </option>
          ))}
        </Field>
        <Field as="textarea" label="Suggestion" {...field('suggestion')} maxLength={5000} />
        <FormActions
          submitLabel="Submit"
          busy={busy}
          message={
            notSent &&
            (status === 400
              ? notSent
              : `Your feedback was not sent. ${notSent} Your answers are still here, so you can send them again.`)
          }
        >
          <button type="reset" className="button button-outline">
            Reset
          </button>
        </FormActions>
        <p role="status" className="form-result">
          {thanked ? 'Thank you for your feedback!' : ''}
        </p>
      </form>
    </div>
  );
}
