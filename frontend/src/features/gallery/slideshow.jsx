// The full-screen slideshow dialog (its own chunk): previous/next (buttons, arrow keys or a swipe) wrap around; a
// click or Escape closes it.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocalized } from '../../components/localized.jsx';
import { Photo } from '../../components/photo.jsx';
import { useT } from '../../lib/i18n.js';
import './slideshow.css';

/** How far a pointer must travel sideways to count as a swipe rather than a tap. */
const SWIPE_PX = 50;

export default function Slideshow({ images, start, onClose }) {
  const t = useT();
  const [index, setIndex] = useState(start);
  const dialog = useRef(null);
  const count = images.length;
  const image = images[index];
  // The caption (and the photo's alt) in the page's language, or the English marked as such.
  const caption = useLocalized()(image, 'caption');

  const step = (delta) => setIndex((current) => (current + delta + count) % count);

  // Focus goes into the dialog and back to the photo that opened it; the page behind does not scroll.
  useEffect(() => {
    const opener = document.activeElement;
    dialog.current.querySelector('.slideshow-close').focus();
    document.body.classList.add('no-scroll');
    return () => {
      document.body.classList.remove('no-scroll');
      if (opener instanceof HTMLElement) opener.focus();
    };
  }, []);

  // A layout effect: the keys work from the moment the slideshow is on screen, not a frame later.
  useLayoutEffect(() => {
    const onKey = (event) => {
      if (event.key === 'Escape') onClose();
      else if (event.key === 'ArrowLeft') setIndex((current) => (current - 1 + count) % count);
      else if (event.key === 'ArrowRight') setIndex((current) => (current + 1) % count);
      else if (event.key === 'Tab') keepFocusInside(event, dialog.current);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [count, onClose]);

  const button = (action) => (event) => {
    event.stopPropagation();
    action();
  };

  // A finger (or a dragged mouse) swiped sideways goes to the next or previous photo; the click that ends a swipe
  // must not close the slideshow.
  const swipe = useRef({ x: null, moved: false });
  const onPointerDown = (event) => {
    swipe.current = { x: event.clientX, moved: false };
  };
  const onPointerUp = (event) => {
    const { x } = swipe.current;
    if (x === null) return;
    const dx = event.clientX - x;
    swipe.current = { x: null, moved: Math.abs(dx) > SWIPE_PX };
    if (dx > SWIPE_PX) step(-1);
    else if (dx < -SWIPE_PX) step(1);
  };
  const onBackdropClick = () => {
    if (swipe.current.moved) swipe.current.moved = false;
    else onClose();
  };

  return (
    <div
      className="slideshow"
      role="dialog"
      aria-modal="true"
      aria-label={t('gallery.slideshow')}
      ref={dialog}
      onClick={onBackdropClick}
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
      onPointerCancel={() => (swipe.current = { x: null, moved: false })}
      // A mouse swipe would otherwise drag the photo itself away.
      onDragStart={(event) => event.preventDefault()}
    >
      <figure className="slideshow-figure" lang={caption.lang}>
        <Photo photo={image.photo} alt={caption.text} eager sizes="100vw" className="slideshow-image" />
        <figcaption>
          {caption.text}{' '}
          <span className="slideshow-count" lang={caption.lang && t.lang}>
            {t('gallery.count', { index: index + 1, count })}
          </span>
        </figcaption>
      </figure>
      <button
        type="button"
        className="slideshow-nav slideshow-prev"
        aria-label={t('gallery.previous')}
        onClick={button(() => step(-1))}
      >
        ‹
      </button>
      <button type="button" className="slideshow-nav slideshow-next" aria-label={t('gallery.next')} onClick={button(() => step(1))}>
        ›
      </button>
      <button type="button" className="slideshow-close" aria-label={t('gallery.close')} onClick={button(onClose)}>
        ×
      </button>
    </div>
  );
}

function keepFocusInside(event, container) {
  const focusable = [...container.querySelectorAll('button')];
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  } else if (!container.contains(document.activeElement)) {
    event.preventDefault();
    first.focus();
  }
}
