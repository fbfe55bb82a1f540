// The notice board: a timeline of notices, newest first, a page at a time with "Show older notices", numbered by
// count so a notice keeps its number as new ones arrive (the oldest is Notice 1). Titles are the admins' words, in
// the page's language where they are written in it; dates and numbers are written in the page's language. Each
// notice's label leads to its own page, and it has Share; below them, Get notices by email.
import { useEffect, useId, useRef, useState } from 'react';
import { AfterFirstPaint, InRows } from '../../components/after-first-paint.jsx';
import { ExternalLink } from '../../components/external-link.jsx';
import { LoadFailed } from '../../components/load-failed.jsx';
import { useLocalized } from '../../components/localized.jsx';
import { formatter } from '../../lib/formats.js';
import { formatDay } from '../../lib/days.js';
import { formatNumber, LANGUAGES, useT } from '../../lib/i18n.js';
import { Link } from '../../lib/local-links.jsx';
import { fetchNotices } from './api.js';
import { FollowOffer } from './follow-offer.jsx';
import { noticeAddress, ShareButton } from './share-button.jsx';
import './notices.css';

const PAGE_SIZE = 10;
// The notices a phone's first screen shows: the rest of the page's first notices are drawn a paint later, in tasks
// of their own (on the app's first page only), so no one task holds a slow phone's main thread long.
const FIRST_SCREEN = 3;

// Counts as the spec's English page writes them ("1,234"); Bengali's in its own digits and grouping.
const countLocales = { en: 'en-US', bn: LANGUAGES.bn.locale };
const countFormats = Object.fromEntries(
  Object.entries(countLocales).map(([lang, locale]) => [lang, formatter(() => new Intl.NumberFormat(locale))]),
);

/** A count of notices: under a thousand it has no grouping, and needs no Intl (see formatNumber). */
const formatCount = (count, lang) =>
  Math.abs(count) < 1000 ? formatNumber(count, lang) : countFormats[lang]().format(count);

/**
 * Page `page` of the notices, each with its number: with `total` notices the newest is Notice `total`. A failed
 * call answers null.
 */
async function loadPage(page) {
  const response = await fetchNotices({ page, size: PAGE_SIZE });
  const items = response.ok ? response.data?.items : undefined;
  if (!Array.isArray(items)) return null;
  const total = Number(response.data.total) || 0;
  const offset = (page - 1) * PAGE_SIZE;
  return { total, notices: items.map((notice, index) => ({ ...notice, number: total - (offset + index) })) };
}

// The first page, asked for while the app's loader still shows when the board is the page a visitor opened: the
// board then first renders with its notices, and nothing below them moves when they arrive.
let early = null;

function prepare() {
  if (!early) {
    const asked = { loaded: null };
    asked.promise = loadPage(1).then((loaded) => {
      asked.loaded = loaded;
    });
    early = asked;
  }
  return early.promise;
}

const boardOf = (loaded) => ({ ...loaded, pages: 1, firstOlder: null });

export function NoticeBoardPage() {
  // Read here, let go of in the first effect: a board opened later asks afresh.
  const [board, setBoard] = useState(() =>
    early?.loaded ? boardOf(early.loaded) : { notices: null, total: 0, pages: 0, firstOlder: null },
  );
  const t = useT();
  const [busy, setBusy] = useState(false);
  // Whether the first page, or the older notices asked for last, could not be loaded.
  const [failed, setFailed] = useState({ first: false, older: false });
  const firstNew = useRef(null);

  const showFirst = (loaded) => {
    setFailed({ first: !loaded, older: false });
    if (loaded) setBoard(boardOf(loaded));
  };
  const loadFirst = () => loadPage(1).then(showFirst);

  useEffect(() => {
    const prepared = early?.loaded;
    early = null;
    if (prepared) return undefined;
    let live = true;
    loadPage(1).then((loaded) => live && showFirst(loaded));
    return () => {
      live = false;
    };
  }, []);

  // The keyboard focus moves to the first of the older notices just shown, so reading goes on from there.
  useEffect(() => {
    firstNew.current?.focus();
  }, [board.firstOlder]);

  const showOlder = async () => {
    if (busy) return;
    setBusy(true);
    const loaded = await loadPage(board.pages + 1);
    setBusy(false);
    setFailed({ first: false, older: !loaded });
    if (!loaded) return;
    // A notice published meanwhile pushes the older ones down a place; a repeat is dropped.
    const known = new Set(board.notices.map((notice) => notice._id));
    const older = loaded.notices.filter((notice) => !known.has(notice._id));
    setBoard({
      notices: [...board.notices, ...older],
      total: loaded.total,
      pages: board.pages + 1,
      firstOlder: older[0]?._id ?? null,
    });
  };

  const { notices, total, firstOlder } = board;
  return (
    <div className="page">
      <h1 className="page-title">{t('notices.title')}</h1>
      {failed.first ? (
        <LoadFailed what={t('notices.what')} retry={loadFirst} />
      ) : notices === null ? (
        <p className="page-loading">{t('notices.loading')}</p>
      ) : notices.length === 0 ? (
        <p className="notice-empty">{t('notices.empty')}</p>
      ) : (
        <>
          <ol className="timeline">
            <InRows
              items={notices}
              rowSize={FIRST_SCREEN}
              render={(notice) => (
                <li key={notice._id}>
                  <article
                    className="notice card"
                    ref={notice._id === firstOlder ? firstNew : undefined}
                    tabIndex={notice._id === firstOlder ? -1 : undefined}
                  >
                    <p className="notice-meta">
                      <Link className="notice-label" to={`/notice/${notice._id}`}>
                        {t('notices.label', { number: notice.number })}
                      </Link>
                      {notice.date && <time dateTime={notice.date}>{formatDay(notice.date, t.lang)}</time>}
                    </p>
                    <NoticeTitle notice={notice} />
                  </article>
                </li>
              )}
            />
          </ol>
          {total > PAGE_SIZE && (
            // Drawn with the last of the notices, so it is never pushed down on screen.
            <AfterFirstPaint last>
              <div className="notice-more">
                <p role="status">
                  {t('notices.showing', {
                    shown: formatCount(notices.length, t.lang),
                    total: formatCount(total, t.lang),
                  })}
                </p>
                {failed.older && <p role="alert">{t('notices.olderFailed')}</p>}
                {notices.length < total && (
                  <button type="button" className="button" onClick={showOlder} aria-busy={busy || undefined}>
                    {busy ? t('notices.loadingOlder') : t('notices.showOlder')}
                  </button>
                )}
              </div>
            </AfterFirstPaint>
          )}
        </>
      )}
      {notices !== null && (
        <AfterFirstPaint last>
          <FollowOffer />
        </AfterFirstPaint>
      )}
    </div>
  );
}

NoticeBoardPage.prepare = prepare;

/**
 * A notice's title (a link when it has one): in the page's language, or the English marked as such; Share below it
 * shares the notice's page in the board's language.
 */
function NoticeTitle({ notice }) {
  const { text, lang } = useLocalized()(notice, 'title');
  const t = useT();
  const titleId = useId();
  const title = (
    <span id={titleId} lang={lang}>
      {text}
    </span>
  );
  return (
    <>
      <h2 className="notice-title">{notice.url ? <ExternalLink href={notice.url}>{title}</ExternalLink> : title}</h2>
      <ShareButton title={text} titleId={titleId} url={noticeAddress(notice._id, t.lang)} />
    </>
  );
}
