// follow: the words of notices by email: the board's form, the confirmation link's page and the unsubscribe page.
export default {
  'follow.help': 'We email you each new notice. First we send you a link to confirm your address.',
  'follow.email': 'Email',
  'follow.lang': 'Language of the emails',
  'follow.submit': 'Send',
  'follow.sent': 'Check your inbox: we sent a link to confirm.',
  'follow.confirmTitle': 'Notices by email',
  'follow.confirming': 'Confirming…',
  'follow.confirmed': 'You will get new notices by email.',
  'follow.linkGone': 'This link does not work: it may be old or already used. Ask again on the notice board.',
  'unsubscribe.title': 'Unsubscribe',
  'unsubscribe.question': 'Stop getting notices by email?',
  'unsubscribe.submit': 'Unsubscribe',
  'unsubscribe.done': 'You will get no more notices by email.',
};
