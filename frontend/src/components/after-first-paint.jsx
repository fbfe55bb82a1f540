// What the first screen does not need, drawn after it: the app's first page is built in several short tasks instead
// of one long one, so a slow phone's main thread is never held long. The parts that wait show one a paint, in the
// order they were drawn in, the `last` ones after all the others. Only the app's first page waits; once its parts are
// all shown, a part drawn later (a page opened later, a list that arrives later) shows at once.
import { useEffect, useState } from 'react';

let firstPageDrawn = false;

/** Whether the app's first page is drawn whole: what is drawn from now on shows at once. */
export const isFirstPageDrawn = () => firstPageDrawn;

// The parts waiting to show, in the order they were drawn; each `{ show, last }`.
const waiting = [];
let pending = null;

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

/** After the next paint, the next part shows; when none waits any more, the first page is drawn. */
function showNext() {
  if (pending) return;
  pending = afterNextPaint(() => {
    pending = null;
    const next = waiting.find((part) => !part.last) ?? waiting[0];
    if (!next) {
      firstPageDrawn = true;
      return;
    }
    waiting.splice(waiting.indexOf(next), 1);
    next.show();
    // Parts the shown one draws join the queue as it renders, before the next paint.
    showNext();
  });
}

/**
 * `children` a paint after the parts drawn before them have shown (the first a paint after the page itself). `last`:
 * after every other part, including those the others draw when they show (what sits below them, like the footer,
 * is then never pushed down on screen). `onShow()` is called as they show, in the same render.
 */
export function AfterFirstPaint({ children, last = false, onShow }) {
  const [shown, setShown] = useState(firstPageDrawn);
  // Queued while the page renders, so the parts keep the order they are drawn in.
  const [part] = useState(() => {
    if (firstPageDrawn) return null;
    const queued = {
      show: () => {
        setShown(true);
        onShow?.();
      },
      last,
    };
    waiting.push(queued);
    return queued;
  });

  useEffect(() => {
    if (!part) return undefined;
    showNext();
    return () => {
      // A part that goes before it shows (the visitor left the page) waits no more.
      const at = waiting.indexOf(part);
      if (at >= 0) waiting.splice(at, 1);
    };
  }, [part]);
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
    rows.push(start === 0 ? cells : <AfterFirstPaint key={items[start]._id}>{cells}</AfterFirstPaint>);
  }
  return rows;
}
