// The 404 page's body: for any path the site does not know, and for a record's page whose record is gone (a notice).
import { formatNumber, useT } from '../lib/i18n.js';
import { Link } from '../lib/local-links.jsx';
import './not-found.css';

export function NotFound() {
  const t = useT();
  return (
    <div className="page not-found">
      <p className="not-found-code" aria-hidden="true">
        {formatNumber(404, t.lang)}
      </p>
      <h1>{t('common.notFound.title')}</h1>
      <Link className="button" to="/">
        {t('common.notFound.back')}
      </Link>
    </div>
  );
}
