// Gallery: the photo grid; choosing a photo opens the full-screen slideshow at it.
import { lazy, Suspense, useState } from 'react';
import { AfterFirstPaint, InRows } from '../../components/after-first-paint.jsx';
import { ExternalLink } from '../../components/external-link.jsx';
import { Localized } from '../../components/localized.jsx';
import { Photo } from '../../components/photo.jsx';
import { useContent } from '../../lib/content.js';
import { useT } from '../../lib/i18n.js';
import './gallery.css';

const Slideshow = lazy(() => import('./slideshow.jsx'));

// The first row of the widest grid is above the fold: those images load at once, the rest when scrolled to; on the
// app's first page, the rest is also drawn later, a row a paint.
const ABOVE_THE_FOLD = 3;

export function GalleryPage() {
  const { gallery, settings } = useContent();
  const [openAt, setOpenAt] = useState(null);
  const t = useT();

  return (
    <div className="page">
      <h1 className="page-title">{t('gallery.title')}</h1>
      <ul className="gallery-grid">
        <InRows
          items={gallery}
          rowSize={ABOVE_THE_FOLD}
          render={(image, index) => (
            <GalleryCard
              key={image._id}
              image={image}
              open={() => setOpenAt(index)}
              eager={index < ABOVE_THE_FOLD}
              priority={index === 0}
            />
          )}
        />
      </ul>
      {/* Below the grid, so it comes with the grid's last cards and is never pushed down on screen. */}
      <AfterFirstPaint last>
        {settings.galleryMoreUrl && (
          <p className="gallery-more">
            <ExternalLink className="button" href={settings.galleryMoreUrl}>
              {t('gallery.showMore')}
            </ExternalLink>
          </p>
        )}
      </AfterFirstPaint>
      {openAt !== null && (
        <Suspense fallback={null}>
          <Slideshow images={gallery} start={openAt} onClose={() => setOpenAt(null)} />
        </Suspense>
      )}
    </div>
  );
}

function GalleryCard({ image, open, eager = false, priority = false }) {
  return (
    <li>
      <article className="card gallery-card">
        <button type="button" className="gallery-open" onClick={open}>
          <Photo
            photo={image.photo}
            alt=""
            sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
            eager={eager}
            priority={priority}
          />
          <Localized className="gallery-caption" record={image} field="caption" />
        </button>
      </article>
    </li>
  );
}
