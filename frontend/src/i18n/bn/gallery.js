// ছবির পাতা আর বড় করে ছবি দেখার স্লাইডশো।
import pages from './pages.js';

export default {
  'gallery.title': pages['page /gallery'],
  'gallery.showMore': 'আরও ছবি দেখুন',
  'gallery.slideshow': 'ছবির স্লাইডশো',
  'gallery.count': '({index} নম্বর ছবি, মোট {count}টা)',
  'gallery.previous': 'আগের ছবি',
  'gallery.next': 'পরের ছবি',
  'gallery.close': 'স্লাইডশো বন্ধ করুন',
};
