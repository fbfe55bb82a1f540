// The 404 page for any path the site does not know.
import { formatNumber, useT } from '../../lib/i18n.js';
import { Link } from '../../lib/local-links.jsx';
import './not-found.css';

export function NotFoundPage() {
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
