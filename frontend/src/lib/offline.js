// Whether the page shows the service worker's offline copy, and as of when: the layout says "Offline — notices as of
// …" while it does. The api caller notes it: a call answered from the copy sets the time, any answer of the network
// clears it.
import { useSyncExternalStore } from 'react';

let asOf = null;
const listeners = new Set();

function set(value) {
  if (value === asOf) return;
  asOf = value;
  listeners.forEach((listener) => listener());
}

/** The page shows the copy fetched at `time` (an ISO time). */
export const noteOffline = (time) => set(time);

/** The network answered: what the page shows from now on is the server's. */
export const noteOnline = () => set(null);

const subscribe = (listener) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The time of the offline copy the page shows, or null while it shows the server's answers. */
export const useOfflineAsOf = () => useSyncExternalStore(subscribe, () => asOf);
