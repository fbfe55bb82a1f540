// "Paid already? Tell us": a donor names the payment they made (by UPI or bank transfer), so the volunteers can find
// it on the statement and say thank you. A sent note thanks the donor and clears; a refused one names each field's
// reason; a failed one says it was not sent and keeps what was typed.
import { useState } from 'react';
import { Field } from '../../components/field.jsx';
import { FormActions } from '../../components/form-actions.jsx';
import { useForm } from '../../lib/api-hooks.js';
import { tellGift } from './api.js';
import './gift-form.css';

const EMPTY = { name: '', amount: '', reference: '', email: '' };

export function GiftForm() {
  const [thanked, setThanked] = useState('');
  const { field, setForm, submit, busy, notSent, status } = useForm(EMPTY, {
    send: (gift) => {
      setThanked('');
      return tellGift(gift);
    },
    onSuccess: (_response, gift) => {
      setForm(EMPTY);
      setThanked(
        gift.email.trim()
          ? 'Thank you! We will write to you once we find your gift on our statement.'
          : 'Thank you! The volunteers will look for your gift on our statement.',
      );
    },
    onRefusal: () => {},
  });

  return (
    <section className="card support-way" aria-labelledby="gift-title">
      <h2 id="gift-title">Paid already? Tell us</h2>
      <p className="gift-why">
        So we can match your gift to our statement and thank you. The reference is the UTR or transaction ID your UPI
        app or bank shows after paying.
      </p>
      <form className="gift-form" onSubmit={submit} noValidate>
        <Field label="Your name" {...field('name')} maxLength={100} autoComplete="name" required />
        <Field label="Amount (₹)" {...field('amount')} inputMode="decimal" autoComplete="off" required />
        <Field
          label="UPI or bank reference (UTR)"
          {...field('reference')}
          maxLength={100}
          autoComplete="off"
          spellCheck={false}
          required
        />
        <Field label="Email (optional, for a thank-you note)" type="email" {...field('email')} autoComplete="email" />
        <FormActions
          submitLabel="Tell us"
          busy={busy}
          message={
            notSent &&
            (status === 400
              ? notSent
              : `Your note was not sent. ${notSent} What you typed is still here, so you can send it again.`)
          }
        />
        <p role="status" className="form-result">
          {thanked}
        </p>
      </form>
    </section>
  );
}
