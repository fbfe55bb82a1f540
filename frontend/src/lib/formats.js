// Number and date formatters, each made on its first use. Making the first Intl formatter loads the browser's
// locale data (~10 ms on a fast machine, four times that on a slow phone): made when a module loads, it held the
// main thread each time the app fetched a page's code in the background, for a page the visitor may never open.

/** A function returning the formatter `make()` makes, made once on its first call. */
export function formatter(make) {
  let made = null;
  return () => (made ??= make());
}
