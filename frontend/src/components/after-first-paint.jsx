// What the first screen does not need, drawn after it: the app's first page is built in several short tasks instead
// of one long one, so a slow phone's main thread is never held long and the first screen shows sooner. Only the app's
// first page waits; once the site is on screen, a page opened later shows whole at once.
import { useEffect, useState } from 'react';

let firstPageDrawn = false;

// The parts still waiting, and the `last` ones waiting for them.
let waiting = 0;
const whenNoneWait = new Set();

function doneWaiting() {
  waiting -= 1;
  if (waiting === 0) whenNoneWait.forEach((then) => then());
}

// A frame (or, where none comes, as in a hidden tab, a tenth of a second), then a task of its own.
const FRAME_FALLBACK_MS = 100;
// A `last` part shows after this long at most, whatever still waits.
const LAST_FALLBACK_MS = 1000;

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
 * of the page that waits gets a task of its own, in order). `last`: with the last of the others, in the same task
 * (what sits below them, like the footer, is then never pushed down on screen).
 */
export function AfterFirstPaint({ children, step = 1, last = false }) {
  const [shown, setShown] = useState(firstPageDrawn);
  // Counted while the page renders, before any part's effect can show it.
  const [counted] = useState(() => {
    if (firstPageDrawn || last) return false;
    waiting += 1;
    return true;
  });

  useEffect(() => {
    if (shown) return undefined;
    let done = false;
    // An effect runs once the first part is painted.
    const show = () => {
      if (done) return;
      done = true;
      firstPageDrawn = true;
      setShown(true);
      if (counted) doneWaiting();
    };
    if (last) {
      if (waiting === 0) {
        show();
        return undefined;
      }
      whenNoneWait.add(show);
      const timer = setTimeout(show, LAST_FALLBACK_MS);
      return () => {
        whenNoneWait.delete(show);
        clearTimeout(timer);
      };
    }
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
    return () => {
      cancel();
      // A page left before this part showed waits no more.
      if (!done && counted) {
        done = true;
        doneWaiting();
      }
    };
    // Decided once, when the page mounts.
  }, []);
  return shown ? children : null;
}

/**
 * A list's items, `render(item, index)` each: the first `rowSize` with the page, and on the app's first page each
 * later row of `rowSize` a paint after the one before (items need an `_id`, the key of their row).
 */
export function InRows({ items, rowSize, render }) {
  const rows = [];
  for (let start = 0; start < items.length; start += rowSize) {
    const cells = items.slice(start, start + rowSize).map((item, offset) => render(item, start + offset));
    const row = start / rowSize;
    rows.push(
      row === 0 ? (
        cells
      ) : (
        <AfterFirstPaint key={items[start]._id} step={row}>
          {cells}
        </AfterFirstPaint>
      ),
    );
  }
  return rows;
}
