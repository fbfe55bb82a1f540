// A Swiper carousel of photo cards (its own chunk, so Swiper loads only on the home page).
import { useEffect, useState } from 'react';
import { A11y, Autoplay, Navigation, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/a11y';
import 'swiper/css/navigation';
import 'swiper/css/pagination';
import { usePrefersReducedMotion } from '../../lib/reduced-motion.js';
import { CarouselCard } from './carousel-still.jsx';
import './carousel.css';

// The slides stop at the last one instead of jumping back to the first (an Up next the reader did not ask for).
const AUTOPLAY = { delay: 2500, disableOnInteraction: false, pauseOnMouseEnter: true, stopOnLastSlide: true };

/**
 * perView: slides per view below 640 px, from 640, from 768, from 1024. The slides move by themselves (unless the
 * visitor prefers less motion) until the Pause button stops them (WCAG 2.2.2), and wait while the keyboard focus
 * or the pointer is inside; Play goes on, from the first slide once the last was reached.
 */
export default function Carousel({ items, perView, label }) {
  const reducedMotion = usePrefersReducedMotion();
  const [small, medium, large, wide] = perView;
  const [swiper, setSwiper] = useState(null);
  const [playing, setPlaying] = useState(true);
  const [focusInside, setFocusInside] = useState(false);
  const moving = !reducedMotion && playing && !focusInside;

  useEffect(() => {
    if (!swiper || swiper.destroyed || reducedMotion) return;
    if (moving) swiper.autoplay.start();
    else swiper.autoplay.stop();
  }, [swiper, moving, reducedMotion]);

  const toggle = () => {
    if (!playing && swiper?.isEnd) swiper.slideTo(0);
    setPlaying(!playing);
  };

  return (
    <div className="carousel-frame">
      {/* The focus is tracked on the slides and their controls, not on Play itself, which must not hold them. */}
      <div
        onFocus={() => setFocusInside(true)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget)) setFocusInside(false);
        }}
      >
      <Swiper
        // Swiper reads autoplay only when it starts: a new key restarts it when the motion setting changes.
        key={reducedMotion ? 'still' : 'moving'}
        className="carousel"
        modules={[A11y, Autoplay, Navigation, Pagination]}
        aria-label={label}
        onSwiper={setSwiper}
        slidesPerView={small}
        spaceBetween={10}
        breakpoints={{
          640: { slidesPerView: medium, spaceBetween: 20 },
          768: { slidesPerView: large, spaceBetween: 30 },
          1024: { slidesPerView: wide, spaceBetween: 40 },
        }}
        autoplay={reducedMotion ? false : AUTOPLAY}
        navigation
        pagination={{ clickable: true }}
        a11y={{ enabled: true }}
      >
        {items.map((item) => (
          <SwiperSlide key={item._id}>
            <CarouselCard item={item} />
          </SwiperSlide>
        ))}
      </Swiper>
      </div>
      {!reducedMotion && (
        <button type="button" className="carousel-play button button-small button-outline" onClick={toggle}>
          {playing ? 'Pause' : 'Play'}
          <span className="visually-hidden"> the slides of {label}</span>
        </button>
      )}
    </div>
  );
}
