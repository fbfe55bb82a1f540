// 'Keep in Touch': the contact and star-review form.
import { useState } from 'react';
import { Field } from '../../components/field.jsx';
import { notify } from '../../lib/toast.js';
import { sendContact } from './api.js';

const EMPTY = { name: '', email: '', telephone: '', subject: '', message: '' };
const RATINGS = ['5star', '4star', '3star', '2star', '1star'];

export function ContactPage() {
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState({});
  const [sending, setSending] = useState(false);

  const change = (event) => setForm({ ...form, [event.target.name]: event.target.value });

  const submit = async (event) => {
    event.preventDefault();
    setSending(true);
    const response = await sendContact(form);
    setSending(false);
    if (response.ok) {
      notify.success('Message Delivered');
      setForm(EMPTY);
      setErrors({});
    } else if (response.data?.errors) {
      setErrors(response.data.errors);
    }
    // Any other failure stays silent, as the spec asks.
  };

  return (
    <div className="page">
      <h1 className="page-title">Keep in Touch</h1>
      <form className="form-card" onSubmit={submit}>
        <Field label="Name" name="name" value={form.name} onChange={change} error={errors.name} required maxLength={100} autoComplete="name" />
        <Field label="Email" name="email" type="email" value={form.email} onChange={change} error={errors.email} required autoComplete="email" />
        <Field
          label="Telephone"
          name="telephone"
          type="tel"
          value={form.telephone}
          onChange={change}
          error={errors.telephone}
          required
          maxLength={30}
          autoComplete="tel"
        />
        <Field as="select" label="Rating" name="subject" value={form.subject} onChange={change} error={errors.subject} required>
          <option value="" disabled>
            Review About Jyoti
          </option>
          {RATINGS.map((rating) => (
            <option key={rating} value={rating}>
              {rating}
            </option>
          ))}
        </Field>
        <Field as="textarea" label="Message" name="message" value={form.message} onChange={change} error={errors.message} required maxLength={5000} />
        <div className="form-actions">
          <button type="submit" className="button" disabled={sending}>
            Send Message
          </button>
        </div>
      </form>
    </div>
  );
}
