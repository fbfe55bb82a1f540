// The end of a form: its own error line for a refusal that names no single field, then its buttons. And what a
// refusal says in the page's language, for a toast or for a public form that says it in place.
import { notifyDone, notifyRefusal, useForm } from '../lib/api-hooks.js';
import { translate, useT } from '../lib/i18n.js';
import { notify } from '../lib/toast.js';
import { fieldReason, latinOn } from './field.jsx';
import './form-actions.css';

/** What a refusal's status means whatever the form, in the catalog's words. */
const BY_STATUS = {
  0: 'form.noConnection',
  429: 'form.tooMany',
  500: 'form.serverError',
  503: 'form.busy',
  507: 'form.notSaved',
};

/**
 * A refusal (`{status, message, errors}`, as useForm keeps it or as a response's data holds it) said in `lang`.
 * On an English page it is `english`, what the page has always shown. On a Bengali page: the catalog's words for
 * what the page knows it means (`meaning(refusal)` may name a key, with `values`), for a status every form shares,
 * or for field errors; else the server's own English sentence marked lang="en".
 */
export function refusalIn(lang, refusal, english, meaning) {
  if (lang === 'en') return english;
  const known = meaning?.(refusal);
  if (known) return typeof known === 'string' ? translate(lang, known) : translate(lang, known.key, known.values);
  const { status, message, errors } = refusal;
  if (BY_STATUS[status]) return translate(lang, BY_STATUS[status]);
  if (errors && Object.keys(errors).length > 0) return translate(lang, 'form.fieldsInvalid');
  if (!message) return translate(lang, 'form.refused', { status });
  return latinOn(lang, message) ? <span lang="en">{message}</span> : message;
}

/** A response's refusal as the error toast, in `lang` (English: notifyRefusal's, the server's own reason). */
export function notifyRefusalIn(lang, response, meaning) {
  if (lang === 'en') {
    notifyRefusal(response);
    return;
  }
  if (response.status === 0) return;
  const { message = '', errors, reason } = response.data ?? {};
  const refusal = { status: response.status, message, errors, reason };
  notify.error(refusalIn(lang, refusal, '', meaning));
}

/** The success toast in `lang`: on an English page the server's own words (`msg`), else `said`, the catalog's. */
export function notifyDoneIn(lang, response, said) {
  if (lang !== 'en') notify.success(said);
  else notifyDone(response, said);
}

/**
 * useForm for a public form that says a refusal in place, in the page's language, not in a toast: `field(name)`
 * gives a Field its props, its error on a Bengali page the catalog's `fieldErrors[name]` where the server's reason
 * is one Field cannot say in Bengali; `why` is why a send failed that no field is to blame for (useForm's
 * `notSent`), in English the server's reason, in Bengali the catalog's words for it (`meaning` as for refusalIn).
 */
export function useFormInLanguage(initial, { fieldErrors = {}, meaning, ...options }) {
  const t = useT();
  const form = useForm(initial, { onRefusal: () => {}, ...options });
  const { field, notSent, status, message, errors } = form;
  const fieldInLanguage = (name) => {
    const props = field(name);
    const said = t.lang === 'en' || !props.error || typeof fieldReason(t.lang, props.error) === 'string';
    return said || !fieldErrors[name] ? props : { ...props, error: t(fieldErrors[name]) };
  };
  const why = notSent && refusalIn(t.lang, { status, message, errors }, notSent, meaning);
  return { ...form, field: fieldInLanguage, why };
}

/**
 * `message` is the server's reason, e.g. for a duplicate; `busy` disables the submit button while the form is
 * sent; `children` are the buttons or links after it; `unsaved` says beside them that the form holds edits not
 * saved yet.
 */
export function FormActions({ submitLabel, busy = false, message, unsaved = false, children }) {
  const t = useT();
  return (
    <>
      {message && (
        <p className="form-message" role="alert">
          {message}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="button" disabled={busy}>
          {submitLabel}
        </button>
        {children}
        {unsaved && <span className="form-unsaved">{t('form.unsaved')}</span>}
      </div>
    </>
  );
}
