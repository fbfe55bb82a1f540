// A labelled form control with its error message beside it (wired with aria-describedby).
import { useId } from 'react';
import { translate, useLang } from '../lib/i18n.js';
import './form.css';

/**
 * 'en' for a text in Latin letters shown on a Bengali page (a name, a course, the server's English), so it is read
 * as English; undefined otherwise.
 */
export const latinOn = (lang, text) =>
  lang === 'bn' && /[A-Za-z]/.test(text ?? '') && !/[\u0980-\u09FF]/.test(text) ? 'en' : undefined;

/** The server's reasons for refusing a field (see src/domain/values.rs), and the catalog's words for each. */
const REASONS = [
  [/^is required$/, 'form.reason.required'],
  [/^must be at most (\d+) characters$/, 'form.reason.tooLong'],
  [/^is too long$/, 'form.reason.tooLongPlain'],
  [/^must be on one line$/, 'form.reason.oneLine'],
  [/^must not contain /, 'form.reason.controls'],
  [/^must be a valid email address$/, 'form.reason.email'],
  [/^mixes alphabets/, 'form.reason.mixedEmail'],
  [/^must be 7 to 20 digits/, 'form.reason.phone'],
  [/^must be at least 8 characters$/, 'form.reason.passwordShort'],
  [/^must be at most 72 bytes$/, 'form.reason.passwordLong'],
  [/^is one of the most common passwords/, 'form.reason.passwordCommon'],
  [/^is not your current password$/, 'form.reason.notCurrentPassword'],
  [/^is not the password of this account$/, 'form.reason.notAccountPassword'],
  [/^must be (male, female or other|one of )/, 'form.reason.choose'],
  [/^must be a (whole number of stars|positive whole number)/, 'form.reason.wholeNumber'],
];

/**
 * A field's error in the page's language: on an English page as given; on a Bengali one the server's English
 * reason in the catalog's words where it is a known one, else marked lang="en" (a Bengali text stays as it is).
 */
export function fieldReason(lang, why) {
  if (lang === 'en' || typeof why !== 'string' || !why) return why;
  for (const [pattern, key] of REASONS) {
    const match = why.match(pattern);
    if (match) return translate(lang, key, match[1] && /^\d+$/.test(match[1]) ? { max: Number(match[1]) } : undefined);
  }
  return latinOn(lang, why) ? <span lang="en">{why}</span> : why;
}

/**
 * What the browser's own check of a control (required, type=email, minlength) found, in the catalog's words: the
 * public forms' controls fail no other check.
 */
function browserCheck(control) {
  const { validity, type } = control;
  const chosen = /^(select|radio|checkbox)/.test(type);
  if (validity.valueMissing) return chosen ? 'form.reason.choose' : 'form.reason.required';
  if (validity.typeMismatch) return 'form.reason.email';
  if (validity.tooShort) return 'form.reason.passwordShort';
  return undefined;
}

/**
 * A control's props for its browser's own check, which the browser words in its own language. An English page keeps
 * the browser's words; on a Bengali page the control gives the browser the catalog's sentence when the check fails,
 * and takes it back as the visitor changes the value, so the browser checks afresh.
 */
function browserCheckIn(lang) {
  if (lang === 'en') return {};
  return {
    onInvalid: (event) => {
      const control = event.currentTarget;
      control.setCustomValidity('');
      const key = browserCheck(control);
      if (key) control.setCustomValidity(translate(lang, key));
    },
    onInput: (event) => event.currentTarget.setCustomValidity(''),
  };
}

/**
 * `as` is 'input' (default), 'textarea' or 'select'; a select's `options` are [value, label] pairs, shown after any
 * children (a placeholder option); other props go to the control.
 * `error` is the server's reason for refusing this field, if any (said in the page's language, see fieldReason).
 */
export function Field({ label, error, as: Control = 'input', options = [], children, ...controlProps }) {
  const id = useId();
  const lang = useLang();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <Control
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...browserCheckIn(lang)}
        {...controlProps}
      >
        {children}
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </Control>
      {error && (
        <p className="field-error" id={errorId}>
          {fieldReason(lang, error)}
        </p>
      )}
    </div>
  );
}
