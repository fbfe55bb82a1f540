// Work for when the main thread is idle: `then` runs at the first idle moment, or after `timeout` ms at the latest;
// where the browser has no idle callback, after `otherwiseAfter` ms. Returns a function that cancels it.
export function onIdle(then, { timeout, otherwiseAfter }) {
  if (!('requestIdleCallback' in window)) {
    const timer = setTimeout(then, otherwiseAfter);
    return () => clearTimeout(timer);
  }
  const id = requestIdleCallback(then, { timeout });
  return () => cancelIdleCallback(id);
}
