// Support: how to donate — when the club has a UPI ID, by a UPI app first (how most donors here pay: a QR code to
// scan, and on phones a link that opens the app), then by bank transfer (each detail with a copy button) — beside a
// photo and the appeal; the day the details last changed, so a donor sent other details by someone can tell; and a
// short form to tell the club about a payment made (there is always a way to pay: the account number is required).
import { CopyButton } from '../../components/copy-button.jsx';
import { latinOn } from '../../components/field.jsx';
import { Localized, useLocalized } from '../../components/localized.jsx';
import { PhoneNumber } from '../../components/phone-number.jsx';
import { Photo } from '../../components/photo.jsx';
import { useContent } from '../../lib/content.js';
import { formatDay } from '../../lib/days.js';
import { useT } from '../../lib/i18n.js';
import { GiftForm } from './gift-form.jsx';
import './support.css';

// Each detail with its label's key.
const bankDetails = [
  ['donationHolder', 'support.bank.holder'],
  ['donationAccount', 'support.bank.account'],
  ['donationIfsc', 'support.bank.ifsc'],
  ['donationBranch', 'support.bank.branch'],
  ['donationBank', 'support.bank.bank'],
];

/** The link a UPI app opens; the server puts the same text in the QR code. */
export const upiLink = (upiId, payee) =>
  `upi://pay?pa=${upiId}&pn=${encodeURIComponent(payee ?? '')}&cu=INR`;

export function SupportPage() {
  const { settings, donationsChangedAt, offlineAsOf } = useContent();
  const upiId = settings.upiId?.trim();
  const t = useT();
  // The copy kept for offline use holds no payment details: an old UPI ID must never show.
  if (offlineAsOf) {
    return (
      <div className="page">
        <h1 className="page-title">{t('support.title')}</h1>
        <p className="card support-offline" role="status">
          {t('support.offline')}
        </p>
      </div>
    );
  }
  return (
    <div className="page">
      <h1 className="page-title">{t('support.title')}</h1>
      <div className="support">
        <Photo photo={settings.supportPhoto} alt={t('support.photoAlt')} eager className="support-photo" sizes="(min-width: 900px) 50vw, 100vw" />
        <div className="support-text">
          <Localized as="p" className="support-appeal" record={settings} field="donationAppeal" />
          {upiId && (
            <section className="card support-way" aria-labelledby="upi-title">
              <h2 id="upi-title">{t('support.upi.title')}</h2>
              <img
                className="upi-qr"
                src="/api/donations/upi-qr.svg"
                alt={t('support.upi.qrAlt', { payee: settings.upiPayee || upiId })}
                width="240"
                height="240"
              />
              <p className="upi-scan">{t('support.upi.scan')}</p>
              <dl>
                {settings.upiPayee && <Detail label={t('support.upi.payee')} value={settings.upiPayee} />}
                <Detail label={t('support.upi.id')} value={upiId} />
              </dl>
              <a className="button upi-pay" href={upiLink(upiId, settings.upiPayee)}>
                {t('support.upi.pay')}
              </a>
            </section>
          )}
          <section className="card support-way" aria-labelledby="bank-title">
            <h2 id="bank-title">{t('support.bank.title')}</h2>
            <dl>
              {bankDetails
                .filter(([key]) => settings[key])
                .map(([key, label]) => (
                  <Detail key={key} label={t(label)} value={settings[key]} />
                ))}
            </dl>
          </section>
          <TrustDetails settings={settings} />
          {donationsChangedAt && (
            <p className="support-changed">{t('support.changed', { day: formatDay(donationsChangedAt, t.lang) })}</p>
          )}
          <GiftForm />
        </div>
      </div>
    </div>
  );
}

/** A localized text trimmed, or null when there is none. */
function trimmed({ text, lang }) {
  const shown = text.trim();
  return shown ? { text: shown, lang } : null;
}

/** Who receives a gift and whether it is tax deductible, and a number to ask: each shown once an admin fills it in. */
function TrustDetails({ settings }) {
  const t = useT();
  const localized = useLocalized();
  const registration = trimmed(localized(settings, 'donationRegistration'));
  const tax = trimmed(localized(settings, 'donationTax'));
  const phone = settings.donationPhone?.trim();
  if (!registration && !tax && !phone) return null;
  return (
    <section className="card support-way" aria-labelledby="trust-title">
      <h2 id="trust-title">{t('support.trust.title')}</h2>
      <dl className="support-trust">
        {registration && (
          <div>
            <dt>{t('support.trust.receiver')}</dt>
            <dd lang={registration.lang}>{registration.text}</dd>
          </div>
        )}
        {tax && (
          <div>
            <dt>{t('support.trust.tax')}</dt>
            <dd lang={tax.lang}>{tax.text}</dd>
          </div>
        )}
        {phone && (
          <div>
            <dt>{t('support.trust.questions')}</dt>
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
 * alone in the <dd>, as the spec's page shows it. The value is to be typed as it is, so never translated: in Latin
 * letters on a Bengali page (a bank's name, an IFSC code), it is marked as English.
 */
function Detail({ label, value }) {
  const t = useT();
  return (
    <div className="support-detail">
      <dt>
        {label}
        <CopyButton value={value} label={label} />
      </dt>
      <dd className="support-value" lang={latinOn(t.lang, value)}>
        {value}
      </dd>
    </div>
  );
}
