// notices: the words of the notice board.
export default {
  'notices.title': 'NOTICE BOARD',
  'notices.what': 'The notices',
  'notices.loading': 'Loading notices…',
  'notices.empty': 'Notice Not Available',
  'notices.label': 'Notice {number}',
  'notices.showing': 'Showing {shown} of {total} notices',
  'notices.olderFailed': 'The older notices could not be loaded. Try again.',
  'notices.loadingOlder': 'Loading older notices…',
  'notices.showOlder': 'Show older notices',
};
