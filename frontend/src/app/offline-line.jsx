// "Offline — notices as of 28 Nov, 6:05 pm": over every page while it shows the service worker's offline copy
// (lib/offline.js), so no one takes an old board for today's. And the service worker that keeps that copy,
// registered once the first page is drawn whole and the browser is idle (service-worker.js).
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useT } from '../lib/i18n.js';
import { onIdle } from '../lib/idle.js';
import { useOfflineAsOf } from '../lib/offline.js';
import { siteMoment } from '../lib/site-time.js';

export function OfflineLine() {
  const t = useT();
  const asOf = useOfflineAsOf();
  if (!asOf) return null;
  return (
    <p className="offline-line" role="status">
      {t('layout.offline', { time: siteMoment(asOf, t.lang) })}
    </p>
  );
}

let registered = false;

/**
 * Registers the service worker, once, when the browser is next idle after this first shows on a visitor's page. The
 * admin area never registers it: staff screens are never kept offline, and a worker installing beside an admin
 * screen's imports only slows them.
 */
export function OfflineKeeper() {
  const { pathname } = useLocation();
  const inAdmin = pathname === '/admin' || pathname.startsWith('/admin/');
  useEffect(() => {
    if (registered || inAdmin) return undefined;
    return onIdle(
      () => {
        if (registered) return;
        registered = true;
        import('./service-worker.js').then(
          (module) => module.registerWorker(),
          () => {
            registered = false;
          },
        );
      },
      { timeout: 5000, otherwiseAfter: 2000 },
    );
  }, [inAdmin]);
  return null;
}
