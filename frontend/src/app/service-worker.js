// The service worker's side in the page (the worker is src/service-worker/worker.js, served as /sw.js): registered once
// the first page is shown and the browser is idle, so it costs the first visit nothing. When a new release's worker
// takes over while this page runs an older release's code, the page's next link is followed by a full load, so old
// code never goes on against a new server.

/** The page's own code: its entry script, which each release names by its content. */
const ownEntry = () => new URL(document.querySelector('script[type="module"][src]')?.src ?? '/', location.href).pathname;

function holdsOwnCode(worker) {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(true), 2000);
    channel.port1.onmessage = (event) => {
      clearTimeout(timer);
      resolve(event.data?.holds !== false);
    };
    worker.postMessage({ type: 'holds', path: ownEntry() }, [channel.port2]);
  });
}

/** From now on, a click on a link of this site loads its page whole, in the new release. */
function followLinksWhole() {
  document.addEventListener(
    'click',
    (event) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      const url = new URL(link.href, location.href);
      if (url.origin !== location.origin || link.target === '_blank' || link.hasAttribute('download')) return;
      event.preventDefault();
      event.stopPropagation();
      location.assign(url.href);
    },
    true,
  );
}

export function registerWorker() {
  const { serviceWorker } = navigator;
  if (!serviceWorker) return;
  serviceWorker.addEventListener('controllerchange', () => {
    const worker = serviceWorker.controller;
    if (worker) holdsOwnCode(worker).then((holds) => holds || followLinksWhole());
  });
  serviceWorker.register('/sw.js').catch((error) => console.warn('The offline copy is not kept:', error));
}
