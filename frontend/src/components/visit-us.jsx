// The "Visit us" block, for parents, on Home and on Contact: when classes are, for which ages, where (with a map), a
// number to call, and (on Home) "Volunteer with us" for students who want to teach. Each detail shows once an admin
// fills it in (Settings); with none filled in, the block is not there.
import { Link } from 'react-router-dom';
import { PhoneNumber } from './phone-number.jsx';
import './visit-us.css';

/** A map search for the address, which opens the maps app on a phone. */
const mapLink = (address) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

export function VisitUs({ settings, volunteer = true, className = 'home-section' }) {
  const times = settings.visitTimes?.trim();
  const ages = settings.visitAges?.trim();
  const address = settings.visitAddress?.trim();
  const phone = settings.visitPhone?.trim();
  if (!times && !ages && !address && !phone) return null;
  return (
    <section className={`${className} visit-us`} aria-labelledby="visit-title">
      <h2 id="visit-title">Visit us</h2>
      <dl className="visit-details">
        {times && (
          <div>
            <dt>Classes</dt>
            <dd>{times}</dd>
          </div>
        )}
        {ages && (
          <div>
            <dt>For</dt>
            <dd>{ages}</dd>
          </div>
        )}
        {address && (
          <div>
            <dt>Where</dt>
            <dd>
              <span className="visit-address">{address}</span>{' '}
              <a href={mapLink(address)} target="_blank" rel="noopener noreferrer">
                Open in Maps<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </dd>
          </div>
        )}
        {phone && (
          <div>
            <dt>Phone</dt>
            <dd>
              <PhoneNumber phone={phone} />
            </dd>
          </div>
        )}
      </dl>
      {volunteer && (
        <p className="visit-volunteer">
          <Link className="button" to="/contact">
            Volunteer with us
          </Link>
        </p>
      )}
    </section>
  );
}
