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
  // নোটিসের নিজের পাতা।
  'notice.back': 'সব নোটিস',
  'notice.what': 'নোটিসটা',
  'notice.loading': 'নোটিস লোড হচ্ছে…',
  'notice.openLink': 'লিংকটা খুলুন',
  // ইমেলে নোটিস: বোর্ডের নিচের বোতাম (ফর্মের কথা follow-এ)।
  'follow.open': 'ইমেলে নোটিস পান',
  // ফোনে নোটিস (ওয়েব পুশ), যে ব্রাউজারে হয়।
  'push.open': 'এই ফোনে নোটিস পান',
  'push.stop': 'এই ফোনে নোটিস বন্ধ করুন',
  'push.on': 'নতুন নোটিস এই ফোনে চলে আসবে।',
  'push.stopped': 'এই ফোনে আর নোটিস আসবে না।',
  'push.denied': 'এই ব্রাউজারে এই সাইটের নোটিফিকেশন দেখানোর অনুমতি নেই: ব্রাউজারের সাইট সেটিংসে অনুমতি দিয়ে আবার চেষ্টা করুন।',
  'push.failed': 'এই ফোনে নোটিস চালু বা বন্ধ করা গেল না। পরে আবার চেষ্টা করুন।',
  // শেয়ার (নোটিসের): ব্রাউজারে শেয়ার করার ব্যবস্থা না থাকলে এই মেনু।
  'share.button': 'শেয়ার করুন',
  'share.copyLink': 'লিংক কপি করুন',
  'share.copied': 'লিংক কপি হয়েছে',
  'share.copyFailed': 'লিংকটা কপি করা গেল না: {url}',
};
