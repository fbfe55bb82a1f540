// Gallery: the photo grid; choosing a photo opens the full-screen slideshow at it.
import { lazy, Suspense, useState } from 'react';
import { ExternalLink } from '../../components/external-link.jsx';
import { Photo } from '../../components/photo.jsx';
import { useContent } from '../../lib/content.js';
import './gallery.css';

const Slideshow = lazy(() => import('./slideshow.jsx'));

// The first row of the widest grid is above the fold: those images load at once, the rest when scrolled to.
const ABOVE_THE_FOLD = 3;

export function GalleryPage() {
  const { gallery, settings } = useContent();
  const [openAt, setOpenAt] = useState(null);

  return (
    <div className="page">
      <h1 className="page-title">Gallery</h1>
      <ul className="gallery-grid">
        {gallery.map((image, index) => (
          <li key={image._id}>
            <article className="card gallery-card">
              <button type="button" className="gallery-open" onClick={() => setOpenAt(index)}>
                <Photo
                  photo={image.photo}
                  alt=""
                  sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
                  eager={index < ABOVE_THE_FOLD}
                  priority={index === 0}
                />
                <span className="gallery-caption">{image.caption}</span>
              </button>
            </article>
          </li>
        ))}
      </ul>
      {settings.galleryMoreUrl && (
        <p className="gallery-more">
          <ExternalLink className="button" href={settings.galleryMoreUrl}>
            Show More
          </ExternalLink>
        </p>
      )}
      {openAt !== null && (
        <Suspense fallback={null}>
          <Slideshow images={gallery} start={openAt} onClose={() => setOpenAt(null)} />
        </Suspense>
      )}
    </div>
  );
}
