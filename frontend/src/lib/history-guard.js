// The first to hear Back and Forward: its popstate listener is added as the app loads, before the router adds its
// own (listeners at the window run in the order they were added), so a guard set here can ask before the router
// moves. The admin area's unsaved-changes question (components/admin/unsaved-changes.js) is the one guard; it is set
// only while a form holds edits, and its code stays in the admin chunk.
import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router-dom';

let guard = null;
let shown = { pathname: '', index: 0 };

window.addEventListener('popstate', (event) => guard?.(event));

/** Sets (or, with null, clears) the function that hears each popstate before the router. */
export function guardHistory(listener) {
  guard = listener;
}

/** The screen the router shows, and its history entry's number (the router numbers its entries: state.idx). */
export const shownScreen = () => shown;

/** Keeps `shownScreen` up to date; rendered once, inside the router. */
export function HistoryGuard() {
  const location = useLocation();
  useLayoutEffect(() => {
    shown = { pathname: location.pathname, index: window.history.state?.idx ?? 0 };
  }, [location]);
  return null;
}
