// The end of a form: its own error line for a refusal that names no single field, then its buttons. And what a
// refusal says in the page's language.
import { notifyRefusal } from '../lib/api-hooks.js';
import { translate, useT } from '../lib/i18n.js';
import { notify } from '../lib/toast.js';
import { latinOn } from './field.jsx';
import './form-actions.css';

/** What a refusal's status means whatever the form, in the catalog's words. */
const BY_STATUS = {
  0: 'common.noConnection',
  429: 'common.tooMany',
  500: 'common.serverError',
  503: 'common.busy',
  507: 'common.notSaved',
};

/**
 * A refusal (`{status, message, errors}`, as useForm keeps it or as a response's data holds it) said in `lang`.
 * On an English page it is `english`, what the page has always shown. On a Bengali page: the catalog's words for
 * what the page knows it means (`meaning(refusal)` may name a key, with `values`), for a status every form shares,
 * or for field errors; else the server's own English sentence marked lang="en".
 */
export function refusalIn(lang, refusal, english, meaning) {
  if (lang !== 'bn') return english;
  const known = meaning?.(refusal);
  if (known) return typeof known === 'string' ? translate(lang, known) : translate(lang, known.key, known.values);
  const { status, message, errors } = refusal;
  if (BY_STATUS[status]) return translate(lang, BY_STATUS[status]);
  if (errors && Object.keys(errors).length > 0) return translate(lang, 'common.fieldsInvalid');
  if (!message) return translate(lang, 'common.refused', { status });
  return latinOn(lang, message) ? <span lang="en">{message}</span> : message;
}

/** A response's refusal as the error toast, in `lang` (English: notifyRefusal's, the server's own reason). */
export function notifyRefusalIn(lang, response, meaning) {
  if (lang !== 'bn') {
    notifyRefusal(response);
    return;
  }
  if (response.status === 0) return;
  const { message = '', errors, reason } = response.data ?? {};
  const refusal = { status: response.status, message, errors, reason };
  notify.error(refusalIn(lang, refusal, '', meaning));
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
        {unsaved && <span className="form-unsaved">{t('common.unsaved')}</span>}
      </div>
    </>
  );
}
