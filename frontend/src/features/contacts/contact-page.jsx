// 'Keep in Touch': how to visit (class times, address, phone) above the contact and star-review form.
import { Field } from '../../components/field.jsx';
import { VisitUs } from '../../components/visit-us.jsx';
import { useContent } from '../../lib/content.js';
import { FormActions } from '../../components/form-actions.jsx';
import { useForm } from '../../lib/api-hooks.js';
import { notify } from '../../lib/toast.js';
import { sendContact } from './api.js';

const EMPTY = { name: '', email: '', telephone: '', subject: '', message: '' };
const RATINGS = ['5star', '4star', '3star', '2star', '1star'];

export function ContactPage() {
  const { settings } = useContent();
  const { field, setForm, submit, busy, notSent } = useForm(EMPTY, {
    send: sendContact,
    onSuccess: () => {
      notify.success('Message Delivered');
      setForm(EMPTY);
    },
    // A refusal shows the reasons beside the fields; any other failure says the message was not sent and keeps it.
    onRefusal: () => {},
  });

  return (
    <div className="page">
      <h1 className="page-title">Keep in Touch</h1>
      <VisitUs settings={settings} volunteer={false} className="contact-visit" />
      <form className="form-card" onSubmit={submit}>
        <Field label="Name" {...field('name')} required maxLength={100} autoComplete="name" />
        <Field label="Email" type="email" {...field('email')} required autoComplete="email" />
        <Field label="Telephone" type="tel" {...field('telephone')} required maxLength={30} autoComplete="tel" />
        <Field as="select" label="Rating" {...field('subject')} required>
          <option value="" disabled>
            Review About Jyoti
          </option>
          {RATINGS.map((rating) => (
            <option key={rating} value={rating}>
              {rating}
            </option>
          ))}
        </Field>
        <Field as="textarea" label="Message" {...field('message')} required maxLength={5000} />
        <FormActions
          submitLabel="Send Message"
          busy={busy}
          message={notSent && `Your message was not sent. ${notSent} It is still here, so you can send it again.`}
        />
      </form>
    </div>
  );
}
