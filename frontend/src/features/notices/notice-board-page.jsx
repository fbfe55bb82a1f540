// The notice board: a timeline of notices, newest first, numbered so a notice keeps its number as new ones arrive.
import { useEffect, useState } from 'react';
import { ExternalLink } from '../../components/external-link.jsx';
import { fetchNotices } from './api.js';
import './notices.css';

const dateFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

function formatDate(isoDate) {
  const time = Date.parse(`${isoDate}T00:00:00Z`);
  return Number.isNaN(time) ? isoDate : dateFormat.format(time);
}

export function NoticeBoardPage() {
  const [notices, setNotices] = useState(null);

  useEffect(() => {
    let live = true;
    fetchNotices().then((response) => {
      if (live) setNotices(response.ok && Array.isArray(response.data) ? response.data : []);
    });
    return () => {
      live = false;
    };
  }, []);

  return (
    <div className="page">
      <h1 className="page-title">NOTICE BOARD</h1>
      {notices === null ? (
        <p className="page-loading">Loading notices…</p>
      ) : notices.length === 0 ? (
        <p className="notice-empty">Notice Not Available</p>
      ) : (
        <ol className="timeline">
          {notices.map((notice, index) => (
            <li key={notice._id}>
              <article className="notice card">
                <p className="notice-meta">
                  <span className="notice-label">Notice {notices.length - index}</span>
                  {notice.date && <time dateTime={notice.date}>{formatDate(notice.date)}</time>}
                </p>
                <h2 className="notice-title">
                  {notice.url ? (
                    <ExternalLink href={notice.url}>{notice.title}</ExternalLink>
                  ) : (
                    notice.title
                  )}
                </h2>
              </article>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
