// What the first screen does not need, drawn a frame after it: the app's first page is built in two tasks instead of
// one, so a slow phone's main thread is never held long and the first screen shows sooner. Only the app's first
// page waits; once the site is on screen, a page opened later shows whole at once.
import { useEffect, useState } from 'react';

let firstPageDrawn = false;

export function AfterFirstPaint({ children }) {
  const [shown, setShown] = useState(firstPageDrawn);
  useEffect(() => {
    // An effect runs once the first part is painted.
    firstPageDrawn = true;
    setShown(true);
  }, []);
  return shown ? children : null;
}
