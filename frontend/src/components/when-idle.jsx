// What no one needs at once (the toast container), mounted when the main thread is first idle: its code is fetched
// and drawn in a task of its own instead of inside the app's first render.
import { useEffect, useState } from 'react';
import { onIdle } from '../lib/idle.js';

/** `sooner(show)`, if given, may show the children before then; it answers the function that stops it. */
export function WhenIdle({ sooner, children }) {
  const [shown, setShown] = useState(false);
  useEffect(() => onIdle(() => setShown(true), { timeout: 1000, otherwiseAfter: 0 }), []);
  useEffect(() => sooner?.(() => setShown(true)), [sooner]);
  return shown ? children : null;
}
