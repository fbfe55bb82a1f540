// Home: the welcome hero (on the banner photo an admin chose, if any) with its Donate call to action, "Visit us" for
// parents once an admin fills it in, and the 'Our Works' and 'Performance & Awards' carousels.
import { lazy, Suspense } from 'react';
import { AfterFirstPaint } from '../../components/after-first-paint.jsx';
import { Localized, useLocalized } from '../../components/localized.jsx';
import { PhoneNumber } from '../../components/phone-number.jsx';
import { VisitUs } from '../../components/visit-us.jsx';
import { useContent } from '../../lib/content.js';
import { useT } from '../../lib/i18n.js';
import { Link } from '../../lib/local-links.jsx';
import { usePrefersReducedMotion } from '../../lib/reduced-motion.js';
import './home.css';
import { useReveal } from './use-reveal.js';

const loadCarousel = () => import('./carousel.jsx');
const Carousel = lazy(loadCarousel);

// Slides per view below 640 px, from 640, from 768 and from 1024 px.
const WORKS_PER_VIEW = [1, 2, 2, 4];
const AWARDS_PER_VIEW = [1, 2, 2, 3];

export function HomePage() {
  const { settings, works, awards } = useContent();
  const t = useT();

  return (
    <>
      <section className={settings.heroPhoto ? 'hero hero-photo' : 'hero'}>
        <HeroPicture photo={settings.heroPhoto} />
        <div className="hero-inner">
          <Localized as="h1" record={settings} field="heroTitle" />
          <VisitLine settings={settings} />
          <Localized as="p" record={settings} field="heroText" />
          <Link className="button hero-donate" to="/support">
            {t('home.donate')}
          </Link>
        </div>
      </section>
      <AfterFirstPaint>
        <VisitUs settings={settings} />
        <WorksSection works={works} />
      </AfterFirstPaint>
      <AfterFirstPaint>
        <AwardsSection awards={awards} />
      </AfterFirstPaint>
    </>
  );
}

/** When classes are and a number to call, in the hero: on a phone the first screen tells a parent. */
function VisitLine({ settings }) {
  const t = useT();
  // Written by an admin: in the page's language, or the English marked as such.
  const { text, lang } = useLocalized()(settings, 'visitTimes');
  const times = text.trim();
  const phone = settings.visitPhone?.trim();
  if (!times && !phone) return null;
  return (
    <p className="hero-visit">
      {times && (
        <span>
          {t('home.classes')} {lang ? <span lang={lang}>{times}</span> : times}
        </span>
      )}
      {phone && (
        <span>
          {t('home.call')} <PhoneNumber phone={phone} />
        </span>
      )}
      <a href="#visit-title">{t('home.moreVisiting')}</a>
    </p>
  );
}

/** "Our Works": with "Visit us", a paint after the hero. */
function WorksSection({ works }) {
  const ref = useReveal(120);
  const t = useT();
  return (
    <section className="home-section reveal" ref={ref} aria-labelledby="works-title">
      <h2 id="works-title">{t('home.works')}</h2>
      <CarouselSlot items={works} perView={WORKS_PER_VIEW} label={t('home.works')} />
    </section>
  );
}

/** "Performance & Awards" and Show More: a paint after "Our Works". */
function AwardsSection({ awards }) {
  const ref = useReveal(150);
  const t = useT();
  return (
    <section className="home-section reveal" ref={ref} aria-labelledby="awards-title">
      <h2 id="awards-title">{t('home.awards')}</h2>
      <CarouselSlot items={awards} perView={AWARDS_PER_VIEW} label={t('home.awardsLabel')} />
      <p className="home-more">
        <Link className="button" to="/gallery">
          {t('home.showMore')}
        </Link>
      </p>
    </section>
  );
}

/**
 * The banner photo, at its focal point: the page's largest paint, so fetched first. (Not the shared Photo
 * component, which would add its weight to every first page load.)
 */
function HeroPicture({ photo }) {
  if (!photo) return null;
  const { src, srcset, width, height, focus } = photo;
  return (
    <img
      className="hero-picture"
      src={src}
      srcSet={srcset}
      sizes="100vw"
      width={width}
      height={height}
      alt=""
      fetchPriority="high"
      style={focus && { objectPosition: `${focus.x}% ${focus.y}%` }}
    />
  );
}

/**
 * A carousel: its cards at once, and Swiper once it is near the view (see Carousel). A change of the cards or of the
 * visitor's motion setting makes it anew.
 */
function CarouselSlot({ items, perView, label }) {
  const reducedMotion = usePrefersReducedMotion();
  if (items.length === 0) return null;
  const key = `${reducedMotion}:${items.map((item) => item._id).join(' ')}`;
  return (
    <Suspense fallback={<div className="carousel-placeholder" />}>
      <Carousel key={key} items={items} perView={perView} label={label} reducedMotion={reducedMotion} />
    </Suspense>
  );
}

// The carousels' code comes while the loader shows: the first screen asks for nothing before its largest paint.
HomePage.prepare = loadCarousel;
