// account: the signed-in user's own page (/account).
export default {
  'account.title': 'Your account',
  'account.password.title': 'Change password',
  'account.password.current': 'Current password',
  'account.password.submit': 'Change password',
  'account.password.done': 'Password changed',
};
