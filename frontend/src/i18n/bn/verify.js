// verify: সার্টিফিকেট যাচাই (/verify, /verify/NUMBER)।
export default {
  'verify.title': 'সার্টিফিকেট আসল কি না যাচাই করুন',
  'verify.number': 'সার্টিফিকেট নম্বর',
  'verify.submit': 'যাচাই করুন',
  'verify.belongsTo': 'সার্টিফিকেটটা আসল। এটা পেয়েছেন: ',
  'verify.issuedOn': '{date} তারিখে দেওয়া',
  'verify.ownLink': 'এই ফলাফলের নিজের লিংক, যাঁর দরকার তাঁকে পাঠাতে পারেন',
  'verify.revoked': '{number} নম্বর সার্টিফিকেটটা {date} তারিখে বাতিল করা হয়েছে, এটা আর চলবে না।',
  'verify.notFound': 'এই নম্বরের কোনো সার্টিফিকেট পাওয়া যায়নি। নম্বরটা আর একবার দেখে লিখুন।',
  'verify.invalid': 'সার্টিফিকেট নম্বর শুধু অঙ্কে লিখুন, যেমন ১২।',
};
