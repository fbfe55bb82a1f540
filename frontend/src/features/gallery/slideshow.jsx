// The full-screen slideshow dialog (its own chunk): previous/next wrap around; a click or Escape closes it.
import { useEffect, useRef, useState } from 'react';
import { Photo } from '../../components/photo.jsx';
import './slideshow.css';

export default function Slideshow({ images, start, onClose }) {
  const [index, setIndex] = useState(start);
  const dialog = useRef(null);
  const count = images.length;
  const image = images[index];

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

  useEffect(() => {
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

  return (
    <div
      className="slideshow"
      role="dialog"
      aria-modal="true"
      aria-label="Gallery slideshow"
      ref={dialog}
      onClick={onClose}
    >
      <figure className="slideshow-figure">
        <Photo photo={image.photo} alt={image.caption} eager sizes="100vw" className="slideshow-image" />
        <figcaption>
          {image.caption} <span className="slideshow-count">({index + 1} of {count})</span>
        </figcaption>
      </figure>
      <button type="button" className="slideshow-nav slideshow-prev" aria-label="Previous image" onClick={button(() => step(-1))}>
        ‹
      </button>
      <button type="button" className="slideshow-nav slideshow-next" aria-label="Next image" onClick={button(() => step(1))}>
        ›
      </button>
      <button type="button" className="slideshow-close" aria-label="Close slideshow" onClick={button(onClose)}>
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
