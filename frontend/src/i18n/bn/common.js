// common: যেকোনো পাতায় দেখা যায় এমন কথা (লোড হওয়া, লোড না হওয়া, কপি আর ডাউনলোড, নতুন ট্যাব) আর খুঁজে না পাওয়া
// পাতার কথা। ফর্মের কথা form.js-এ।
export default {
  'common.loading': 'লোড হচ্ছে…',
  'common.loadFailed': '{what} লোড করা গেল না। ইন্টারনেট সংযোগ দেখে আবার চেষ্টা করুন।',
  'common.retry': 'আবার চেষ্টা করুন',
  'common.retrying': 'আবার চেষ্টা হচ্ছে…',
  'common.copy': 'কপি করুন',
  'common.copied': 'কপি হয়েছে',
  'common.copyWhat': ' ({label})',
  'common.copiedWhat': '{label} কপি হয়েছে',
  'common.downloading': 'ডাউনলোড হচ্ছে…',
  'common.newTab': '(নতুন ট্যাবে খুলবে)',
  'common.notFound.title': 'দুঃখিত, আপনি যা খুঁজছেন তা পাওয়া গেল না!',
  'common.notFound.back': 'ফিরে যান',
};
