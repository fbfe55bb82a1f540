// The "Visit us" block, for parents, on Home and on Contact: when classes are, for which ages, where (with a map), a
// number to call, and (on Home) "Volunteer with us" for students who want to teach. Each detail shows once an admin
// fills it in (Settings); with none filled in, the block is not there. The details are the admin's words, in the
// page's language where they are written in it, else in English marked as such.
import { useT } from '../lib/i18n.js';
import { Link } from '../lib/local-links.jsx';
import { useLocalized } from './localized.jsx';
import { PhoneNumber } from './phone-number.jsx';
import './visit-us.css';

/** A map search for the address, which opens the maps app on a phone. */
const mapLink = (address) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

export function VisitUs({ settings, volunteer = true, className = 'home-section' }) {
  const t = useT();
  const localized = useLocalized();
  const shown = (field) => {
    const { text, lang } = localized(settings, field);
    return { text: text.trim(), lang };
  };
  const times = shown('visitTimes');
  const ages = shown('visitAges');
  const address = shown('visitAddress');
  const phone = settings.visitPhone?.trim();
  if (!times.text && !ages.text && !address.text && !phone) return null;
  return (
    <section className={`${className} visit-us`} aria-labelledby="visit-title">
      <h2 id="visit-title">{t('home.visit.title')}</h2>
      <dl className="visit-details">
        {times.text && (
          <div>
            <dt>{t('home.visit.classes')}</dt>
            <dd lang={times.lang}>{times.text}</dd>
          </div>
        )}
        {ages.text && (
          <div>
            <dt>{t('home.visit.for')}</dt>
            <dd lang={ages.lang}>{ages.text}</dd>
          </div>
        )}
        {address.text && (
          <div>
            <dt>{t('home.visit.where')}</dt>
            <dd>
              <span className="visit-address" lang={address.lang}>
                {address.text}
              </span>{' '}
              {/* The map searches the English address, the one a map knows best, where there is one. */}
              <a href={mapLink(settings.visitAddress?.trim() || address.text)} target="_blank" rel="noopener noreferrer">
                {t('home.visit.maps')}
                <span className="visually-hidden"> {t('home.visit.newTab')}</span>
              </a>
            </dd>
          </div>
        )}
        {phone && (
          <div>
            <dt>{t('home.visit.phone')}</dt>
            <dd>
              <PhoneNumber phone={phone} />
            </dd>
          </div>
        )}
      </dl>
      {volunteer && (
        <p className="visit-volunteer">
          <Link className="button" to="/contact">
            {t('home.visit.volunteer')}
          </Link>
        </p>
      )}
    </section>
  );
}
