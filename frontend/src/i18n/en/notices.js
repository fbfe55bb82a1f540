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
  // Notices on the phone (web push), where the browser can take them.
  'push.open': 'Get notices on this phone',
  'push.stop': 'Stop notices on this phone',
  'push.on': 'New notices will come to this phone.',
  'push.stopped': 'Notices will no longer come to this phone.',
  'push.denied': 'This browser may not show notifications from this site: allow them in its site settings, then try again.',
  'push.failed': 'Notices on this phone could not be turned on or off. Try again later.',
  // Share (a notice's): the menu where the browser has no share sheet.
  'share.button': 'Share',
  'share.copyLink': 'Copy link',
  'share.copied': 'Link copied',
  'share.copyFailed': 'The link could not be copied: {url}',
};
