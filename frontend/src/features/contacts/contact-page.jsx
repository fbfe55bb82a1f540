// 'Keep in Touch': how to visit (class times, address, phone) above the contact and star-review form. On a Bengali
// page the reasons for a refusal are the catalog's, not the server's English, wherever the page knows what went wrong.
import { Field } from '../../components/field.jsx';
import { VisitUs } from '../../components/visit-us.jsx';
import { useContent } from '../../lib/content.js';
import { FormActions, useFormInLanguage } from '../../components/form-actions.jsx';
import { useT } from '../../lib/i18n.js';
import { westernDigits } from '../../lib/digits.js';
import { notify } from '../../lib/toast.js';
import { sendContact } from './api.js';

const EMPTY = { name: '', email: '', telephone: '', subject: '', message: '' };
const RATINGS = [5, 4, 3, 2, 1];

/** What each field asks for: on a Bengali page, said in place of a reason of the server's that Field cannot say. */
const FIELD_ERRORS = {
  name: 'contact.error.name',
  email: 'contact.error.email',
  telephone: 'contact.error.telephone',
  subject: 'contact.error.subject',
  message: 'contact.error.message',
};

export function ContactPage() {
  const { settings } = useContent();
  const t = useT();
  // A refusal shows the reasons beside the fields; any other failure says the message was not sent and keeps it.
  const { field, setForm, submit, busy, why } = useFormInLanguage(EMPTY, {
    send: (contact) => sendContact({ ...contact, telephone: westernDigits(contact.telephone) }),
    onSuccess: () => {
      notify.success(t('contact.delivered'));
      setForm(EMPTY);
    },
    fieldErrors: FIELD_ERRORS,
  });

  return (
    <div className="page">
      <h1 className="page-title">{t('contact.title')}</h1>
      <VisitUs settings={settings} volunteer={false} className="contact-visit" />
      <form className="form-card" onSubmit={submit}>
        <Field label={t('contact.name')} {...field('name')} required maxLength={100} autoComplete="name" />
        <Field label={t('contact.email')} type="email" {...field('email')} required autoComplete="email" />
        <Field
          label={t('contact.telephone')}
          type="tel"
          {...field('telephone')}
          required
          maxLength={30}
          autoComplete="tel"
        />
        <Field
          as="select"
          label={t('contact.rating')}
          {...field('subject')}
          required
          options={RATINGS.map((stars) => [`${stars}star`, t('contact.stars', { count: stars })])}
        >
          <option value="" disabled>
            {t('contact.review')}
          </option>
        </Field>
        <Field as="textarea" label={t('contact.message')} {...field('message')} required maxLength={5000} />
        <FormActions
          submitLabel={t('contact.send')}
          busy={busy}
          message={why && t.parts('contact.notSent', { why })}
        />
      </form>
    </div>
  );
}
