// What no one needs at once (the toast container), mounted when the main thread is first idle: its code is fetched
// and drawn in a task of its own instead of inside the app's first render.
import { useEffect, useState } from 'react';
import { onIdle } from '../lib/idle.js';

export function WhenIdle({ children }) {
  const [shown, setShown] = useState(false);
  useEffect(() => onIdle(() => setShown(true), { timeout: 1000, otherwiseAfter: 0 }), []);
  return shown ? children : null;
}
