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
  // A notice's own page.
  'notice.back': 'All notices',
  'notice.what': 'The notice',
  'notice.loading': 'Loading the notice…',
  'notice.openLink': 'Open the link',
  // Notices by email: the button under the board (its form's words are the area follow).
  'follow.open': 'Get notices by email',
  // Share (a notice's): the menu where the browser has no share sheet.
  'share.button': 'Share',
  'share.copyLink': 'Copy link',
  'share.copied': 'Link copied',
  'share.copyFailed': 'The link could not be copied: {url}',
};
