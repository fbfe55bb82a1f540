// পাশে দাঁড়ান পাতা (কীভাবে দান করবেন) আর "টাকা পাঠিয়ে দিয়েছেন? আমাদের জানান" ফর্ম।
import pages from './pages.js';

export default {
  'support.offline':
    'এই পাতাটা দেখতে ইন্টারনেট লাগবে: দানের তথ্য সবসময় এখনকারটাই দেখানো হয়, এই ফোনে রাখা পুরোনো কপি থেকে কখনো নয়। ইন্টারনেট চালু করে পাতাটা আবার খুলুন।',
  'support.title': pages['page /support'],
  'support.photoAlt': 'জ্যোতির ছোটরা একসঙ্গে পড়াশোনা করছে',
  'support.upi.title': 'UPI দিয়ে দান করুন',
  'support.upi.qrAlt': '{payee}-কে UPI-তে টাকা পাঠানোর QR কোড',
  'support.upi.scan': 'যেকোনো UPI অ্যাপ (BHIM, Google Pay, PhonePe, Paytm…) দিয়ে এটা স্ক্যান করুন।',
  'support.upi.payee': 'প্রাপকের নাম',
  'support.upi.id': 'UPI আইডি',
  'support.upi.pay': 'UPI অ্যাপ দিয়ে টাকা পাঠান',
  'support.bank.title': 'ব্যাংক ট্রান্সফারে দান করুন',
  'support.bank.holder': 'অ্যাকাউন্ট হোল্ডারের নাম',
  'support.bank.account': 'অ্যাকাউন্ট নম্বর',
  'support.bank.ifsc': 'IFSC কোড',
  'support.bank.branch': 'শাখা',
  'support.bank.bank': 'ব্যাংক',
  'support.trust.title': 'আপনার দান কে পাবে',
  'support.trust.receiver': 'প্রাপক',
  'support.trust.tax': 'আয়করে ছাড়',
  'support.trust.questions': 'দান করার আগে কিছু জানতে চাইলে',
  'support.changed': '{day} তারিখে এই তথ্য শেষবার বদলানো হয়েছে',
  'support.gift.title': 'টাকা পাঠিয়ে দিয়েছেন? আমাদের জানান',
  'support.gift.why':
    'জানালে আমরা ব্যাংকের স্টেটমেন্টে আপনার দান মিলিয়ে নিয়ে আপনাকে ধন্যবাদ জানাতে পারব। টাকা পাঠানোর পর আপনার UPI অ্যাপ বা ব্যাংক যে UTR বা ট্রানজ্যাকশন আইডি দেখায়, সেটাই রেফারেন্স।',
  'support.gift.name': 'আপনার নাম',
  'support.gift.amount': 'টাকার পরিমাণ (₹)',
  'support.gift.reference': 'UPI বা ব্যাংকের রেফারেন্স (UTR)',
  'support.gift.email': 'ইমেল (না দিলেও চলবে; দিলে ধন্যবাদ জানিয়ে লিখব)',
  'support.gift.submit': 'জানান',
  'support.gift.thanksEmail': 'ধন্যবাদ! ব্যাংকের স্টেটমেন্টে আপনার দান খুঁজে পেলেই আমরা আপনাকে ইমেল করব।',
  'support.gift.thanks': 'ধন্যবাদ! আমাদের স্বেচ্ছাসেবকরা ব্যাংকের স্টেটমেন্টে আপনার দান খুঁজে দেখবেন।',
  'support.gift.notSent': 'আপনার তথ্য পাঠানো যায়নি। {why} আপনি যা লিখেছিলেন তা এখানেই আছে, আবার পাঠাতে পারেন।',
  'support.gift.error.name': 'আপনার নাম এক লাইনে লিখুন (১০০ অক্ষরের মধ্যে)।',
  'support.gift.error.amount': 'কত টাকা পাঠিয়েছেন লিখুন, যেমন ৫০০ বা ১,৫০০.৫০ (কমপক্ষে ₹১)।',
  'support.gift.error.reference':
    'UPI অ্যাপ বা ব্যাংক যে রেফারেন্স দেখায় সেটা লিখুন: শুধু ইংরেজি অক্ষর আর অঙ্ক (UPI-র রেফারেন্সে ১২টা অঙ্ক থাকে)।',
  'support.gift.error.email': 'পুরো ইমেল ঠিকানা লিখুন (যেমন name@example.com), নয়তো ঘরটা ফাঁকা রাখুন।',
};
