// ইমেলে নোটিস: বোর্ডের ফর্ম, নিশ্চিত করার লিংকের পাতা আর বন্ধ করার পাতা।
import pages from './pages.js';

export default {
  'follow.help': 'নতুন নোটিস এলেই আপনাকে ইমেল করব। তার আগে আপনার ঠিকানাটা নিশ্চিত করতে একটা লিংক পাঠাব।',
  'follow.email': 'ইমেল',
  'follow.lang': 'কোন ভাষায় ইমেল পাবেন',
  'follow.submit': 'পাঠান',
  'follow.sent': 'ইনবক্সটা দেখুন: ঠিকানা নিশ্চিত করার লিংক পাঠিয়েছি।',
  'follow.confirmTitle': pages['page /follow/confirm'],
  'follow.confirming': 'নিশ্চিত করা হচ্ছে…',
  'follow.confirmed': 'এবার থেকে নতুন নোটিস ইমেলে পাবেন।',
  'follow.linkGone': 'এই লিংকটা আর কাজ করছে না: হয়তো পুরোনো হয়ে গেছে বা আগেই ব্যবহার হয়েছে। নোটিস বোর্ড থেকে আবার চেয়ে নিন।',
  'unsubscribe.title': pages['page /unsubscribe'],
  'unsubscribe.question': 'ইমেলে নোটিস পাওয়া বন্ধ করবেন?',
  'unsubscribe.submit': 'বন্ধ করুন',
  'unsubscribe.done': 'আর ইমেলে নোটিস পাবেন না।',
};
