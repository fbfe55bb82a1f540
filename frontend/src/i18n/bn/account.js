// account: নিজের অ্যাকাউন্টের পাতা (/account)।
export default {
  'account.title': 'আপনার অ্যাকাউন্ট',
  'account.password.title': 'পাসওয়ার্ড বদলান',
  'account.password.current': 'এখনকার পাসওয়ার্ড',
  'account.password.submit': 'পাসওয়ার্ড বদলান',
  'account.password.done': 'পাসওয়ার্ড বদলানো হয়েছে।',
};
