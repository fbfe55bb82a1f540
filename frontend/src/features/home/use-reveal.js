// Adds the `active` class to a `.reveal` element once it comes within `distance` px of the viewport bottom.
import { useEffect, useRef } from 'react';

export function useReveal(distance) {
  const ref = useRef(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          element.classList.add('active');
          observer.disconnect();
        }
      },
      { rootMargin: `0px 0px -${distance}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [distance]);
  return ref;
}
