// "Get notices on this phone" under the board, where the browser can take web push: the browser asks the visitor,
// then subscribes with the server's VAPID key, and the server keeps the subscription; each new notice then comes as a
// notification that opens its page (the service worker, src/service-worker/worker.js). Pressed again, it stops.
import { useEffect, useState } from 'react';
import { useT } from '../../lib/i18n.js';
import { deletePushSubscription, fetchPushKey, savePushSubscription } from './api.js';

const canPush = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** How long the page waits for its service worker to be ready before it says it could not turn notices on. */
const READY_WAIT_MS = 10_000;

function readyWorker() {
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise((_, reject) => setTimeout(() => reject(new Error('no service worker')), READY_WAIT_MS)),
  ]);
}

/** The VAPID key as the bytes PushManager.subscribe takes. */
function keyBytes(base64url) {
  const base64 = base64url.replaceAll('-', '+').replaceAll('_', '/');
  return Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')), (c) => c.charCodeAt(0));
}

async function subscribe(lang) {
  const worker = await readyWorker();
  const key = await fetchPushKey();
  if (!key.ok || !key.data?.publicKey) throw new Error('no key');
  const subscription = await worker.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(key.data.publicKey),
  });
  const saved = await savePushSubscription(subscription.toJSON(), lang);
  if (!saved.ok) {
    await subscription.unsubscribe().catch(() => {});
    throw new Error(saved.data?.message ?? 'not saved');
  }
}

async function unsubscribe() {
  const worker = await readyWorker();
  const subscription = await worker.pushManager.getSubscription();
  if (!subscription) return;
  await deletePushSubscription(subscription.endpoint);
  await subscription.unsubscribe();
}

export function PushOffer() {
  const t = useT();
  // null until known; then 'off' or 'on', and what the last press said.
  const [state, setState] = useState(null);
  const [said, setSaid] = useState(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!canPush()) return undefined;
    let live = true;
    navigator.serviceWorker
      .getRegistration()
      .then((registration) => registration?.pushManager.getSubscription())
      .then((subscription) => live && setState(subscription ? 'on' : 'off'))
      .catch(() => live && setState('off'));
    return () => {
      live = false;
    };
  }, []);

  if (state === null) return null;

  const press = async () => {
    setBusy(true);
    setSaid(null);
    try {
      if (state === 'on') {
        await unsubscribe();
        setState('off');
        setSaid(t('push.stopped'));
      } else if ((await Notification.requestPermission()) !== 'granted') {
        setSaid(t('push.denied'));
      } else {
        await subscribe(t.lang);
        setState('on');
        setSaid(t('push.on'));
      }
    } catch {
      setSaid(t('push.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="push-offer">
      <button type="button" className="button button-outline" onClick={press} disabled={busy} aria-busy={busy || undefined}>
        {state === 'on' ? t('push.stop') : t('push.open')}
      </button>
      <p role="status" className="push-said">
        {said}
      </p>
    </div>
  );
}
