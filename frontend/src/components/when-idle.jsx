// What no one needs at once (the toast container), mounted when the main thread is first idle: its code is fetched
// and drawn in a task of its own instead of inside the app's first render.
import { useEffect, useState } from 'react';

const IDLE_TIMEOUT_MS = 1000;

export function WhenIdle({ children }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!('requestIdleCallback' in window)) {
      const timer = setTimeout(() => setShown(true), 0);
      return () => clearTimeout(timer);
    }
    const id = requestIdleCallback(() => setShown(true), { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(id);
  }, []);
  return shown ? children : null;
}
