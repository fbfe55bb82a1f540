// যোগাযোগ পাতা।
import pages from './pages.js';

export default {
  'contact.title': pages['page /contact'],
  'contact.delivered': 'মেসেজ পৌঁছে গেছে',
  'contact.name': 'নাম',
  'contact.email': 'ইমেল',
  'contact.telephone': 'ফোন নম্বর',
  'contact.rating': 'রেটিং',
  'contact.review': 'জ্যোতিকে কত তারা দেবেন?',
  'contact.stars': '{count} তারা',
  'contact.message': 'মেসেজ',
  'contact.send': 'মেসেজ পাঠান',
  'contact.notSent': 'আপনার মেসেজ পাঠানো যায়নি। {why} মেসেজটা এখানেই আছে, আবার পাঠাতে পারেন।',
  'contact.error.name': 'আপনার নাম এক লাইনে লিখুন (১০০ অক্ষরের মধ্যে)।',
  'contact.error.email': 'পুরো ইমেল ঠিকানা লিখুন (যেমন name@example.com)।',
  'contact.error.telephone': '৭ থেকে ২০ অঙ্কের ফোন নম্বর লিখুন (+, -, ( ) আর ফাঁকা জায়গা দেওয়া যায়)।',
  'contact.error.subject': 'জ্যোতিকে কত তারা দেবেন, বেছে নিন।',
  'contact.error.message': 'আপনার মেসেজ লিখুন (৫০০০ অক্ষরের মধ্যে)।',
};
