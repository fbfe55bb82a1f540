// The stylesheets of the parts visitors may never open (the admin area, the toasts): the build writes each into a
// file of its own, named in index.html's `<meta name="jyoti-css-NAME">`, and the part links it when its code loads.
// The render-blocking stylesheet holds only what the public pages show at once.

const linked = {};

/** Links the stylesheet `name` (once); resolves when it applies, or at once where the build named none. */
export function linkStylesheet(name) {
  const href = document.querySelector(`meta[name="jyoti-css-${name}"]`)?.getAttribute('content');
  if (!href) return Promise.resolve();
  linked[name] ??= new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.onload = resolve;
    // A stylesheet that fails leaves the part usable, if plain: nothing waits on it forever; the next use tries again.
    link.onerror = () => {
      delete linked[name];
      link.remove();
      resolve();
    };
    document.head.append(link);
  });
  return linked[name];
}
