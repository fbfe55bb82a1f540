// A carousel of photo cards. Its cards are plain markup at once, laid out as Swiper lays them out (the same classes,
// widths and gaps), so they show with the page; Swiper (a chunk of its own, and on a slow phone a long stretch of
// measuring) takes over that same markup a moment later, once the carousel is near the view, in tasks of its own.
import { useEffect, useState } from 'react';
import 'swiper/css';
import 'swiper/css/a11y';
import 'swiper/css/navigation';
import 'swiper/css/pagination';
import { useLocalized } from '../../components/localized.jsx';
import { Photo } from '../../components/photo.jsx';
import { translate, useT } from '../../lib/i18n.js';
import './carousel.css';

// The slides stop at the last one instead of jumping back to the first (an Up next the reader did not ask for).
const AUTOPLAY = { delay: 2500, disableOnInteraction: false, pauseOnMouseEnter: true, stopOnLastSlide: true };

/**
 * perView: slides per view below 640 px, from 640, from 768, from 1024. The slides move by themselves (unless the
 * visitor prefers less motion: then the parent gives `reducedMotion` and a new key) until the Pause button stops them
 * (WCAG 2.2.2), and wait while the keyboard focus or the pointer is inside; Play goes on, from the first slide once
 * the last was reached.
 */
export default function Carousel({ items, perView, label, reducedMotion }) {
  const t = useT();
  const [container, setContainer] = useState(null);
  const swiper = useSwiperWhenNear(container, perView, reducedMotion, t.lang);
  const [playing, setPlaying] = useState(true);
  const [focusInside, setFocusInside] = useState(false);
  const moving = !reducedMotion && playing && !focusInside;
  const [small, medium, large, wide] = perView;
  const style = { '--per-view-s': small, '--per-view-m': medium, '--per-view-l': large, '--per-view-w': wide };

  useEffect(() => {
    if (!swiper || reducedMotion) return;
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
        {/* Swiper adds its classes to this markup: nothing here may change once it is rendered. */}
        <div className="swiper carousel carousel-still" aria-label={label} style={style} ref={setContainer}>
          <div className="swiper-wrapper">
            {items.map((item, index) => (
              <div
                className="swiper-slide"
                key={item._id}
                role="group"
                aria-label={t('home.slide', { index: index + 1, count: items.length })}
              >
                <CarouselCard item={item} />
              </div>
            ))}
          </div>
        </div>
      </div>
      {!reducedMotion && (
        <button type="button" className="carousel-play button button-small button-outline" onClick={toggle}>
          {playing ? t('home.pause') : t('home.play')}
          <span className="visually-hidden"> {t('home.slidesOf', { label })}</span>
        </button>
      )}
    </div>
  );
}

/** A card's caption is an admin's: in the page's language, or the English marked as such (the photo's alt too). */
function CarouselCard({ item }) {
  const { text, lang } = useLocalized()(item, 'caption');
  return (
    <article className="card carousel-card" lang={lang}>
      <Photo photo={item.photo} alt={text} sizes="(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw" />
      <h3>{text}</h3>
    </article>
  );
}

/** The carousels waiting for Swiper, one at a time. */
let starting = Promise.resolve();

/** A task of its own: what follows runs after the browser has had its turn. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * What Swiper says to screen readers, in `lang`. The slides keep the labels the markup gives them (in the
 * language's digits), and so do the bullets: Swiper's own would write their numbers in English digits.
 */
function swiperWords(lang) {
  const t = (key, values) => translate(lang, key, values);
  const labelBullets = (swiper) =>
    swiper.pagination?.bullets?.forEach((bullet, index) =>
      bullet.setAttribute('aria-label', t('home.goToSlide', { index: index + 1 })),
    );
  return {
    a11y: {
      enabled: true,
      prevSlideMessage: t('home.previousSlide'),
      nextSlideMessage: t('home.nextSlide'),
      firstSlideMessage: t('home.firstSlide'),
      lastSlideMessage: t('home.lastSlide'),
      paginationBulletMessage: t('home.goToSlide', { index: '{{index}}' }),
      slideLabelMessage: null,
    },
    // After the A11y module's own handler, which labels the bullets each time the pagination is drawn.
    on: { paginationUpdate: labelBullets },
  };
}

/**
 * Swiper on `container` once it has come within a screen's height of the view and the carousels before it have
 * started: its chunk, making it, and starting it (measuring the page) each in a task of their own, so none holds a
 * slow phone's main thread for long. Null until then; destroyed when the carousel goes. `lang` is the page's.
 */
function useSwiperWhenNear(container, [small, medium, large, wide], reducedMotion, lang) {
  const [swiper, setSwiper] = useState(null);
  useEffect(() => {
    if (!container) return undefined;
    let live = true;
    let made = null;
    const start = async () => {
      const { makeSwiper } = await import('./swiper-start.js');
      if (!live) return;
      await nextTask();
      if (!live) return;
      made = makeSwiper(container, {
        slidesPerView: small,
        spaceBetween: 10,
        breakpoints: {
          640: { slidesPerView: medium, spaceBetween: 20 },
          768: { slidesPerView: large, spaceBetween: 30 },
          1024: { slidesPerView: wide, spaceBetween: 40 },
        },
        autoplay: reducedMotion ? false : AUTOPLAY,
        navigation: true,
        pagination: { enabled: true, clickable: true },
        ...swiperWords(lang),
      });
      await nextTask();
      if (!live) return;
      made.init();
      setSwiper(made);
      // The next carousel waits for the frame this one's start has drawn.
      await new Promise((resolve) => requestAnimationFrame(resolve));
      await nextTask();
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        starting = starting.then(start).catch(() => {
          // Without Swiper the cards still show, as plain markup.
        });
      },
      { rootMargin: '0px 0px 100% 0px' },
    );
    observer.observe(container);
    return () => {
      live = false;
      observer.disconnect();
      if (made?.initialized) made.destroy(true, false);
    };
  }, [container, small, medium, large, wide, reducedMotion, lang]);
  return swiper;
}
