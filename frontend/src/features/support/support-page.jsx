// Support: how to donate — when the club has a UPI ID, by a UPI app first (how most donors here pay: a QR code to
// scan, and on phones a link that opens the app), then by bank transfer (each detail with a copy button) — beside a
// photo and the appeal; the day the details last changed, so a donor sent other details by someone can tell; and a
// short form to tell the club about a payment made (there is always a way to pay: the account number is required).
import { CopyButton } from '../../components/copy-button.jsx';
import { PhoneNumber } from '../../components/phone-number.jsx';
import { Photo } from '../../components/photo.jsx';
import { useContent } from '../../lib/content.js';
import { formatter } from '../../lib/formats.js';
import { GiftForm } from './gift-form.jsx';
import './support.css';

const bankDetails = [
  ['donationHolder', 'Account holder'],
  ['donationAccount', 'Account number'],
  ['donationIfsc', 'IFSC code'],
  ['donationBranch', 'Branch'],
  ['donationBank', 'Bank'],
];

/** The link a UPI app opens; the server puts the same text in the QR code. */
export const upiLink = (upiId, payee) =>
  `upi://pay?pa=${upiId}&pn=${encodeURIComponent(payee ?? '')}&cu=INR`;

// The server keeps the day (UTC) as YYYY-MM-DD: shown as that day wherever the visitor is.
const dayFormat = formatter(
  () => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
);

/** "25 November 2026" for "2026-11-25"; the text itself when it is not a day. */
function dayOf(date) {
  const time = Date.parse(date);
  return Number.isNaN(time) ? date : dayFormat().format(time);
}

export function SupportPage() {
  const { settings, donationsChangedAt } = useContent();
  const upiId = settings.upiId?.trim();
  return (
    <div className="page">
      <h1 className="page-title">Support Jyoti</h1>
      <div className="support">
        <Photo photo={settings.supportPhoto} alt="Children of Jyoti studying together" eager className="support-photo" sizes="(min-width: 900px) 50vw, 100vw" />
        <div className="support-text">
          <p className="support-appeal">{settings.donationAppeal}</p>
          {upiId && (
            <section className="card support-way" aria-labelledby="upi-title">
              <h2 id="upi-title">Donate by UPI</h2>
              <img
                className="upi-qr"
                src="/api/donations/upi-qr.svg"
                alt={`QR code to pay ${settings.upiPayee || upiId} by UPI`}
                width="240"
                height="240"
              />
              <p className="upi-scan">Scan it with any UPI app (BHIM, Google Pay, PhonePe, Paytm…).</p>
              <dl>
                {settings.upiPayee && <Detail label="Payee" value={settings.upiPayee} />}
                <Detail label="UPI ID" value={upiId} />
              </dl>
              <a className="button upi-pay" href={upiLink(upiId, settings.upiPayee)}>
                Pay with a UPI app
              </a>
            </section>
          )}
          <section className="card support-way" aria-labelledby="bank-title">
            <h2 id="bank-title">Donate by bank transfer</h2>
            <dl>
              {bankDetails
                .filter(([key]) => settings[key])
                .map(([key, label]) => (
                  <Detail key={key} label={label} value={settings[key]} />
                ))}
            </dl>
          </section>
          <TrustDetails settings={settings} />
          {donationsChangedAt && (
            <p className="support-changed">Details last changed on {dayOf(donationsChangedAt)}</p>
          )}
          <GiftForm />
        </div>
      </div>
    </div>
  );
}

/** Who receives a gift and whether it is tax deductible, and a number to ask: each shown once an admin fills it in. */
function TrustDetails({ settings }) {
  const registration = settings.donationRegistration?.trim();
  const tax = settings.donationTax?.trim();
  const phone = settings.donationPhone?.trim();
  if (!registration && !tax && !phone) return null;
  return (
    <section className="card support-way" aria-labelledby="trust-title">
      <h2 id="trust-title">Who receives your gift</h2>
      <dl className="support-trust">
        {registration && (
          <div>
            <dt>Receiver</dt>
            <dd>{registration}</dd>
          </div>
        )}
        {tax && (
          <div>
            <dt>Tax benefit</dt>
            <dd>{tax}</dd>
          </div>
        )}
        {phone && (
          <div>
            <dt>Questions before you give</dt>
            <dd>
              <PhoneNumber phone={phone} />
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}

/**
 * One detail: its name with a button that copies it (which says so where screen readers hear it), and the value
 * alone in the <dd>, as the spec's page shows it.
 */
function Detail({ label, value }) {
  return (
    <div className="support-detail">
      <dt>
        {label}
        <CopyButton value={value} label={label} />
      </dt>
      <dd className="support-value">{value}</dd>
    </div>
  );
}
