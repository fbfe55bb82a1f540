// One reading of /healthz for the whole admin area: the banner above every screen asks for it (on every screen change
// and every minute) and the dashboard's Site health card shows the same answer, so a screen asks the server once.
import { useEffect, useState } from 'react';
import { api } from '../../lib/api-client.js';

/** The last answer, {status, checks} (checks null when the server gave none); null before the first. */
let reading = null;
let asking = null;
const readers = new Set();

/** Asks /healthz again (once, however many ask while it is on its way) and tells every reader the answer. */
export function checkHealth() {
  asking ??= api('/healthz', { auth: false }).then(({ status, data }) => {
    reading = { status, checks: data?.checks ?? null };
    asking = null;
    readers.forEach((read) => read(reading));
  });
  return asking;
}

/**
 * The latest reading, updated whenever /healthz is asked again. A reading that arrives between a reader's first render
 * and its effect is taken in the effect (the Dashboard's card, drawn after the alerts, would otherwise wait a minute).
 */
export function useHealth() {
  const [value, setValue] = useState(reading);
  useEffect(() => {
    readers.add(setValue);
    setValue(reading);
    return () => readers.delete(setValue);
  }, []);
  return value;
}
