// Work for when the main thread is idle: `then` runs at the first idle moment, or after `timeout` ms at the latest;
// where the browser has no idle callback, after `otherwiseAfter` ms. Returns a function that cancels it.
//
// Never before EARLIEST_MS from the navigation's start: the loader lifts at 1.5 s and the first screen is drawn over
// the frames after it; nothing fetched for later (the toasts, the other pages, the service worker) comes before that
// screen's largest paint. Later, on a page the visitor opened from within the app, there is no such wait.
const EARLIEST_MS = 2500;

export function onIdle(then, { timeout, otherwiseAfter }) {
  let cancel = () => {};
  const start = () => {
    if (!('requestIdleCallback' in window)) {
      const timer = setTimeout(then, otherwiseAfter);
      cancel = () => clearTimeout(timer);
      return;
    }
    const id = requestIdleCallback(then, { timeout });
    cancel = () => cancelIdleCallback(id);
  };
  const wait = EARLIEST_MS - performance.now();
  if (wait <= 0) start();
  else {
    const timer = setTimeout(start, wait);
    cancel = () => clearTimeout(timer);
  }
  return () => cancel();
}
