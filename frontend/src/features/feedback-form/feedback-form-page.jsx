// /form: a static feedback form. It sends nothing; submitting only thanks the visitor and clears it.
import { useState } from 'react';
import { Field } from '../../components/field.jsx';
import { FormActions } from '../../components/form-actions.jsx';
import './feedback-form.css';

export function FeedbackFormPage() {
  const [thanked, setThanked] = useState(false);

  const submit = (event) => {
    event.preventDefault();
    event.currentTarget.reset();
    setThanked(true);
  };

  return (
    <div className="page">
      <h1 className="page-title">Feedback Form</h1>
      <form className="form-card" onSubmit={submit} onReset={() => setThanked(false)}>
        <Field label="Name" name="name" autoComplete="name" />
        <Field label="Email" name="email" type="email" autoComplete="email" />
        <Field label="Mobile" name="mobile" type="tel" autoComplete="tel" />
        <fieldset className="choice-group">
          <legend>Gender</legend>
          {['Male', 'Female', 'Other'].map((gender) => (
            <label key={gender}>
              <input type="radio" name="gender" value={gender.toLowerCase()} /> {gender}
            </label>
          ))}
        </fieldset>
        <label className="choice">
          <input type="checkbox" name="interested" /> I am interested in volunteering
        </label>
        <Field as="select" label="Rating" name="rating" defaultValue="">
          <option value="" disabled>
            Rate Jyoti
          </option>
          {[5, 4, 3, 2, 1].map((stars) => (
            <option key={stars} value={stars}>
              {stars} star{stars > 1 ? 's' : ''}
            </option>
          ))}
        </Field>
        <Field as="textarea" label="Suggestion" name="suggestion" />
        <FormActions submitLabel="Submit">
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
