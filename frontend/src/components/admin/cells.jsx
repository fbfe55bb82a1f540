// Cells that several admin tables show: when something happened, an email or IP address that wraps at its dots, and
// a rating with its stars.
import { Fragment } from 'react';
import { siteClock, siteDay, siteDayAndTime, siteZoneName } from '../../lib/site-time.js';
import './cells.css';

/** A moment on one line, for a sentence, in the site's time zone: "25 Nov 2026, 1:00 pm". */
export const dayAndTime = siteDayAndTime;

/**
 * When something happened (a message arrived, an account last signed in), in the site's time zone (named on hover
 * and once on the screen, by the layout): the day above the time, to keep the column narrow.
 */
export function Received({ timestamp }) {
  const time = Date.parse(timestamp);
  return (
    <time className="received" dateTime={timestamp} title={Number.isNaN(time) ? undefined : siteZoneName()}>
      {Number.isNaN(time) ? (
        timestamp
      ) : (
        <>
          <span>{siteDay(timestamp)}</span> <span>{siteClock(timestamp)}</span>
        </>
      )}
    </time>
  );
}

/**
 * An email or IP address that, where its column is narrow, wraps after an "@", a "." or a ":" (IPv6), never inside a
 * name: "bhagyashree.roy@" above "example.org" rather than "bhagyashree.r" above "oy@example.org". The text reads and
 * copies as typed (a <wbr> adds no character).
 */
export function Address({ text }) {
  const parts = String(text ?? '').split(/(?<=[@.:])/);
  return parts.map((part, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}

/**
 * A rating as the visitor gave it ("4star", as the spec shows it) after its stars, filled for the rating and hollow
 * for the rest. The stars are a picture whose text alternative is "4 of 5 stars"; the rating's own text stays beside
 * them, as the spec shows it.
 */
export function Stars({ subject }) {
  const count = Number.parseInt(subject, 10);
  if (!(count >= 1 && count <= 5)) return subject;
  return (
    <span className="rating">
      <span className="stars" role="img" aria-label={`${count} of 5 stars`}>
        {'★'.repeat(count)}
        {'☆'.repeat(5 - count)}
      </span>{' '}
      <span>{subject}</span>
    </span>
  );
}
