// What the first screen does not need, drawn after it: the app's first page is built in several short tasks instead
// of one long one, so a slow phone's main thread is never held long and the first screen shows sooner. Only the app's
// first page waits; once the site is on screen, a page opened later shows whole at once.
import { useEffect, useState } from 'react';

let firstPageDrawn = false;

// A frame (or, where none comes, as in a hidden tab, a tenth of a second), then a task of its own.
const FRAME_FALLBACK_MS = 100;

function afterNextPaint(then) {
  let timer = null;
  const run = () => {
    cancelAnimationFrame(frame);
    clearTimeout(fallback);
    timer = setTimeout(then, 0);
  };
  const frame = requestAnimationFrame(run);
  const fallback = setTimeout(run, FRAME_FALLBACK_MS);
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(fallback);
    clearTimeout(timer);
  };
}

/**
 * `children` once the first page's first part is painted; with `step` 2 or more, that many paints later (each part
 * of the page that waits gets a task of its own, in order).
 */
export function AfterFirstPaint({ children, step = 1 }) {
  const [shown, setShown] = useState(firstPageDrawn);
  useEffect(() => {
    if (shown) return undefined;
    // An effect runs once the first part is painted.
    const show = () => {
      firstPageDrawn = true;
      setShown(true);
    };
    if (step <= 1) {
      show();
      return undefined;
    }
    let left = step - 1;
    let cancel;
    const wait = () => {
      cancel = afterNextPaint(() => (--left > 0 ? wait() : show()));
    };
    wait();
    return () => cancel();
    // Decided once, when the page mounts.
  }, []);
  return shown ? children : null;
}
