// Home: the welcome hero (on the banner photo an admin chose, if any) with its Donate call to action, "Visit us" for
// parents once an admin fills it in, and the 'Our Works' and 'Performance & Awards' carousels.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useContent } from '../../lib/content.js';
import './home.css';
import { useReveal } from './use-reveal.js';
import { VisitUs } from './visit-us.jsx';

const CarouselStill = lazy(() => import('./carousel-still.jsx'));
const Carousel = lazy(() => import('./carousel.jsx'));

// Slides per view below 640 px, from 640, from 768 and from 1024 px.
const WORKS_PER_VIEW = [1, 2, 2, 4];
const AWARDS_PER_VIEW = [1, 2, 2, 3];

export function HomePage() {
  const { settings, works, awards } = useContent();
  const worksRef = useReveal(120);
  const awardsRef = useReveal(150);

  return (
    <>
      <section className={settings.heroPhoto ? 'hero hero-photo' : 'hero'}>
        <HeroPicture photo={settings.heroPhoto} />
        <div className="hero-inner">
          <h1>{settings.heroTitle}</h1>
          <p>{settings.heroText}</p>
          <Link className="button hero-donate" to="/support">
            Donate
          </Link>
        </div>
      </section>

      <VisitUs settings={settings} />

      <section className="home-section reveal" ref={worksRef} aria-labelledby="works-title">
        <h2 id="works-title">Our Works</h2>
        <CarouselSlot items={works} perView={WORKS_PER_VIEW} label="Our Works" />
      </section>

      <section className="home-section reveal" ref={awardsRef} aria-labelledby="awards-title">
        <h2 id="awards-title">Performance &amp; Awards</h2>
        <CarouselSlot items={awards} perView={AWARDS_PER_VIEW} label="Performance and Awards" />
        <p className="home-more">
          <Link className="button" to="/gallery">
            Show More
          </Link>
        </p>
      </section>
    </>
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
 * A carousel's cards at once (the still carousel), and Swiper once the carousel is within a screen's height of the
 * view: each carousel's Swiper starts in a task of its own after the page is drawn, so no single task holds a slow
 * phone's main thread for long (Swiper measures the page as it starts).
 */
function CarouselSlot(props) {
  const frame = useRef(null);
  const shown = props.items.length > 0;
  const moving = useStartWhenNear(frame, shown);
  if (!shown) return null;
  const still = <CarouselStill {...props} />;
  return (
    <div ref={frame}>
      <Suspense fallback={<div className="carousel-placeholder" />}>
        {moving ? (
          <Suspense fallback={still}>
            <Carousel {...props} />
          </Suspense>
        ) : (
          still
        )}
      </Suspense>
    </div>
  );
}

/** The carousels waiting to start, one per task. */
let starting = Promise.resolve();

/** Whether the element of `ref` (once `shown`) has come within a screen's height of the view and its turn came. */
function useStartWhenNear(ref, shown) {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!shown || !element) return undefined;
    let live = true;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        starting = starting.then(
          () =>
            new Promise((resolve) =>
              setTimeout(() => {
                if (live) setNear(true);
                // The next carousel waits for this one's start and the frame after it.
                requestAnimationFrame(() => setTimeout(resolve, 0));
              }, 0),
            ),
        );
      },
      { rootMargin: '0px 0px 100% 0px' },
    );
    observer.observe(element);
    return () => {
      live = false;
      observer.disconnect();
    };
  }, [ref, shown]);
  return near;
}
