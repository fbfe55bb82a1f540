// /notice/{id}: one notice on a page of its own, the link families pass around: its title (in the page's language
// where it is written in it), its date as the board writes it, its link, Share, and the way back to the board. A
// notice that is gone shows the not-found page, as the server's 404 for the address says.
import { useEffect, useId, useState } from 'react';
import { useParams } from 'react-router-dom';
import { ExternalLink } from '../../components/external-link.jsx';
import { LoadFailed } from '../../components/load-failed.jsx';
import { useLocalized } from '../../components/localized.jsx';
import { NotFound } from '../../components/not-found.jsx';
import { formatDay } from '../../lib/days.js';
import { useT } from '../../lib/i18n.js';
import { Link } from '../../lib/local-links.jsx';
import { fetchPublicNotice } from './api.js';
import { noticeAddress, ShareButton } from './share-button.jsx';
import './notices.css';

export function NoticePage() {
  const { id } = useParams();
  const t = useT();
  const localized = useLocalized();
  const titleId = useId();
  // {notice} once loaded, {gone} for a 404, {failed} when it could not be loaded.
  const [shown, setShown] = useState({});

  const show = (response) => {
    if (response.ok && response.data?._id) setShown({ notice: response.data });
    else setShown(response.status === 404 ? { gone: true } : { failed: true });
  };
  const load = () => fetchPublicNotice(id).then(show);

  useEffect(() => {
    let live = true;
    setShown({});
    fetchPublicNotice(id).then((response) => live && show(response));
    return () => {
      live = false;
    };
  }, [id]);

  if (shown.gone) return <NotFound />;
  const { notice } = shown;
  const title = notice && localized(notice, 'title');
  return (
    <div className="page notice-page">
      <p>
        <Link to="/notice">{t('notice.back')}</Link>
      </p>
      {shown.failed ? (
        <LoadFailed what={t('notice.what')} retry={load} />
      ) : !notice ? (
        <p className="page-loading">{t('notice.loading')}</p>
      ) : (
        <article className="notice card">
          {notice.date && (
            <p className="notice-meta">
              <time dateTime={notice.date}>{formatDay(notice.date, t.lang)}</time>
            </p>
          )}
          <h1 className="notice-title" id={titleId}>
            <span lang={title.lang}>{title.text}</span>
          </h1>
          {notice.url && (
            <p>
              <ExternalLink href={notice.url}>{t('notice.openLink')}</ExternalLink>
            </p>
          )}
          <ShareButton title={title.text} titleId={titleId} url={noticeAddress(notice._id, t.lang)} />
        </article>
      )}
    </div>
  );
}
