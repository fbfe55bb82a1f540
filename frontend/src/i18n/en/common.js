// common: the shared components' words any page may show (loading, a load that failed, copy and download buttons,
// new-tab hints) and the not-found page's. What forms say is in form.js.
export default {
  'common.loading': 'Loading…',
  'common.loadFailed': '{what} could not be loaded. Check the connection and try again.',
  'common.retry': 'Retry',
  'common.retrying': 'Trying again…',
  'common.copy': 'Copy',
  'common.copied': 'Copied',
  'common.copyWhat': ' {label}',
  'common.copiedWhat': '{label} copied',
  'common.downloading': 'Downloading…',
  'common.newTab': '(opens in a new tab)',
  // The not-found page.
  'common.notFound.title': "Sorry, We couldn't find what you are looking for!",
  'common.notFound.back': 'Go back',
};
