// The Bengali names of the route table's pages (app/route-table.js holds the English ones): `page PATH` is the page's
// heading and tab title, `page PATH description` what a link preview says, `nav PATH` its label in the menus. The
// build gives them to the server's head tags and sitemap; a test checks every twinned page has them. `server …` are
// the few sentences the server itself writes in Bengali (previews, the notices' feed, the no-script note); `manifest …`
// the installed app's names.
export default {
  // The installed app's names on a phone's home screen (the Bengali manifest).
  'manifest name': 'জ্যোতি — আশার আলো',
  'manifest short name': 'জ্যোতি',
  'nav /': 'হোম',
  'nav /gallery': 'ছবি',
  'nav /team': 'টিম',
  'nav /notice': 'নোটিস',
  'nav /support': 'পাশে দাঁড়ান',
  'nav /contact': 'যোগাযোগ',
  'nav /verify': 'সার্টিফিকেট যাচাই',
  'page /support': 'জ্যোতির পাশে দাঁড়ান',
  'page /support description': 'জ্যোতির বিনামূল্যের নৈশ বিদ্যালয় চালিয়ে যেতে সাহায্য করুন। কীভাবে দান করবেন, এখানে লেখা আছে।',
  'page /gallery': 'ছবি',
  'page /gallery description': 'জ্যোতির ক্লাস, অনুষ্ঠান আর উৎসবের ছবি।',
  'page /notice': 'নোটিস বোর্ড',
  'page /notice description': 'জ্যোতির নতুন নোটিস।',
  'page /contact': 'যোগাযোগ করুন',
  'page /contact description': 'ক্লাসের সময়, ঠিকানা আর ফোন নম্বর; জ্যোতিকে মেসেজও পাঠাতে পারেন।',
  'page /form': 'মতামত জানান',
  'page /form description': 'জ্যোতি সম্পর্কে আপনার মতামত জানান।',
  'page /signup': 'রেজিস্টার করুন',
  'page /login': 'লগইন',
  'page /forgot-password': 'পাসওয়ার্ড ভুলে গেছেন',
  'page /reset-password': 'নতুন পাসওয়ার্ড দিন',
  'page /invitation': 'জ্যোতির টিমে যোগ দিন',
  'page /confirm-email': 'আপনার ইমেল ঠিকানা নিশ্চিত করুন',
  'page /verify': 'সার্টিফিকেট আসল কি না যাচাই করুন',
  'page /verify description': 'জ্যোতির দেওয়া সার্টিফিকেট তার নম্বর দিয়ে যাচাই করুন।',
  'page /verify/:number': 'সার্টিফিকেট আসল কি না যাচাই করুন',
  'page /account': 'আপনার অ্যাকাউন্ট',
  'page /follow/confirm': 'ইমেলে নোটিস',
  'page /unsubscribe': 'ইমেলে নোটিস বন্ধ করুন',
  'page / description':
    'জ্যোতি বিনামূল্যের নৈশ বিদ্যালয়। ২০১০ সাল থেকে জলপাইগুড়ি গভর্নমেন্ট ইঞ্জিনিয়ারিং কলেজের ছাত্রছাত্রীরা প্রাক্তনীদের সাহায্যে পিছিয়ে পড়া পরিবারের ছেলেমেয়েদের এখানে পড়ায়।',
  'page *': 'দুঃখিত, আপনি যা খুঁজছেন তা পাওয়া গেল না!',
  'server rosterDescription': 'জ্যোতির {title}-এর সদস্যরা।',
  'server newestNotice': 'নতুন নোটিস, {date}: {title}',
  'server feedTitle': 'নোটিস',
  'server noscript': 'জ্যোতির ওয়েবসাইট দেখতে ব্রাউজারে জাভাস্ক্রিপ্ট চালু রাখুন।',
};
