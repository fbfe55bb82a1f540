// Certificate verification by number: typed in at /verify, or checked as soon as /verify/{number} opens (the link a
// printed certificate's QR code or a shared message carries). The answer is in the page's language; the
// certificate's own words are shown as written: the holder's name, and the course in Bengali where its Bengali is
// written.
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Field, latinOn } from '../../components/field.jsx';
import { FormActions, refusalIn } from '../../components/form-actions.jsx';
import { Localized } from '../../components/localized.jsx';
import { formatDay } from '../../lib/days.js';
import { useT } from '../../lib/i18n.js';
import { Link } from '../../lib/local-links.jsx';
import { westernDigits } from '../../lib/digits.js';
import { fetchCertificate } from './api.js';

/**
 * What a failed check means in Bengali: a number the server cannot read, or none issued with it; the site's own
 * failures (too many checks, busy) are said as for any form. In English it is always the spec's sentence.
 */
const meaning = ({ status }) => {
  if (status === 400) return 'verify.invalid';
  return [429, 500, 503, 507].includes(status) ? undefined : 'verify.notFound';
};

/** A YYYY-MM-DD date as the page writes dates: in Bengali as Bengali writes a day, in English as given. */
const writtenDate = (date, lang) => (lang === 'en' ? date : formatDay(date, lang));


export function VerifyPage() {
  const { number: linked } = useParams();
  const t = useT();
  const [number, setNumber] = useState(linked ?? '');
  const [result, setResult] = useState(null);
  const [checking, setChecking] = useState(false);

  // The number as typed, in Bengali digits too (১২ is 12).
  const verify = async (typed) => {
    setChecking(true);
    const response = await fetchCertificate(westernDigits(typed).trim());
    setChecking(false);
    if (response.status === 0) return;
    const found = response.ok && response.data?.name ? response.data : null;
    if (!found) setResult({ invalid: { status: response.status, message: response.data?.message ?? '' } });
    // A revoked certificate is never shown as valid: only its number and since when it is void.
    else if (found.revokedOn) setResult({ revoked: found.revokedOn, number: found.certinumber });
    else setResult({ name: found.name, event: { event: found.event, bn: found.bn }, issuedOn: found.issuedOn, number: found.certinumber });
  };

  useEffect(() => {
    if (linked === undefined) return;
    setNumber(linked);
    verify(linked);
  }, [linked]);

  const submit = (event) => {
    event.preventDefault();
    verify(number);
  };

  const issued = result?.issuedOn && t('verify.issuedOn', { date: writtenDate(result.issuedOn, t.lang) });
  return (
    <div className="page">
      <h1 className="page-title">{t('verify.title')}</h1>
      <form className="form-card" onSubmit={submit}>
        <Field
          label={t('verify.number')}
          name="certinumber"
          // Text, not a number field, which takes no Bengali digits; the phone still offers its digit keypad.
          inputMode="numeric"
          autoComplete="off"
          value={number}
          onChange={(event) => setNumber(event.target.value)}
          required
        />
        <FormActions submitLabel={t('verify.submit')} busy={checking} />
        <div role="status" className="form-result">
          {result?.name && (
            <>
              <p>
                {t('verify.belongsTo')}
                <strong lang={latinOn(t.lang, result.name)}>{result.name}</strong>
              </p>
              {(result.event.event || issued) && (
                <p>
                  {result.event.event && <Localized record={result.event} field="event" />}
                  {result.event.event && issued && ', '}
                  {issued}
                </p>
              )}
            </>
          )}
          {result?.revoked && (
            <p className="field-error">
              {t('verify.revoked', { number: result.number, date: writtenDate(result.revoked, t.lang) })}
            </p>
          )}
          {result?.invalid && (
            <p className="field-error">{refusalIn(t.lang, result.invalid, t('verify.notFound'), meaning)}</p>
          )}
        </div>
        {/* Outside the result's status: a screen reader hears the result alone; the link is there to take. */}
        {result?.name && result.number && (
          <p>
            <Link to={`/verify/${result.number}`}>{t('verify.ownLink')}</Link>
          </p>
        )}
      </form>
    </div>
  );
}
