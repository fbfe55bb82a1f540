// নোটিস বোর্ড।
import pages from './pages.js';

export default {
  'notices.title': pages['page /notice'],
  'notices.what': 'নোটিসগুলো',
  'notices.loading': 'নোটিস লোড হচ্ছে…',
  'notices.empty': 'এখন কোনো নোটিস নেই',
  'notices.label': 'নোটিস {number}',
  'notices.showing': '{total}টা নোটিসের মধ্যে {shown}টা দেখানো হচ্ছে',
  'notices.olderFailed': 'পুরোনো নোটিসগুলো লোড করা গেল না। আবার চেষ্টা করুন।',
  'notices.loadingOlder': 'পুরোনো নোটিস লোড হচ্ছে…',
  'notices.showOlder': 'পুরোনো নোটিস দেখুন',
};
