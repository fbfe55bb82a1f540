// The carousel's cards as plain markup, laid out as Swiper lays them out when it starts (the same classes, widths,
// gaps and room for the bullets and the Pause button), so the cards are on the page at once and the swap causes no
// shift. Swiper itself (a large chunk, and on a slow phone a long task of measuring) starts a moment later, in a
// task of its own, once the carousel is near the screen: see CarouselSlot on the home page.
import { Photo } from '../../components/photo.jsx';
import { usePrefersReducedMotion } from '../../lib/reduced-motion.js';
import './carousel.css';

export default function CarouselStill({ items, perView, label }) {
  const reducedMotion = usePrefersReducedMotion();
  const [small, medium, large, wide] = perView;
  const style = { '--per-view-s': small, '--per-view-m': medium, '--per-view-l': large, '--per-view-w': wide };
  return (
    <div className="carousel-frame">
      <div className="swiper carousel carousel-still" aria-label={label} style={style}>
        <div className="swiper-wrapper">
          {items.map((item, index) => (
            <div className="swiper-slide" key={item._id} role="group" aria-label={`${index + 1} / ${items.length}`}>
              <CarouselCard item={item} />
            </div>
          ))}
        </div>
      </div>
      {/* The Pause button's room: its box, unseen and out of reach until Swiper's carousel brings the real one. */}
      {!reducedMotion && (
        <div className="carousel-play button button-small button-outline carousel-play-space" aria-hidden="true">
          Pause
        </div>
      )}
    </div>
  );
}

/** One card, the same in the still carousel and in Swiper's. */
export function CarouselCard({ item }) {
  return (
    <article className="card carousel-card">
      <Photo photo={item.photo} alt={item.caption} sizes="(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw" />
      <h3>{item.caption}</h3>
    </article>
  );
}
