// A Swiper carousel of photo cards (its own chunk, so Swiper loads only on the home page).
import { A11y, Autoplay, Navigation, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/a11y';
import 'swiper/css/navigation';
import 'swiper/css/pagination';
import { Photo } from '../../components/photo.jsx';
import { usePrefersReducedMotion } from '../../lib/reduced-motion.js';
import './carousel.css';

const AUTOPLAY = { delay: 2500, disableOnInteraction: false, pauseOnMouseEnter: true };

/** perView: slides per view below 640 px, from 640, from 768, from 1024. */
export default function Carousel({ items, perView, label }) {
  const reducedMotion = usePrefersReducedMotion();
  const [small, medium, large, wide] = perView;
  return (
    <Swiper
      // Swiper reads autoplay only when it starts: a new key restarts it when the motion setting changes.
      key={reducedMotion ? 'still' : 'moving'}
      className="carousel"
      modules={[A11y, Autoplay, Navigation, Pagination]}
      aria-label={label}
      slidesPerView={small}
      spaceBetween={10}
      breakpoints={{
        640: { slidesPerView: medium, spaceBetween: 20 },
        768: { slidesPerView: large, spaceBetween: 30 },
        1024: { slidesPerView: wide, spaceBetween: 40 },
      }}
      autoplay={reducedMotion ? false : AUTOPLAY}
      rewind
      navigation
      pagination={{ clickable: true }}
      a11y={{ enabled: true }}
    >
      {items.map((item) => (
        <SwiperSlide key={item._id}>
          <article className="card carousel-card">
            <Photo photo={item.photo} alt={item.caption} sizes="(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw" />
            <h3>{item.caption}</h3>
          </article>
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
