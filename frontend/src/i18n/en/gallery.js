// gallery: the words of the gallery and its slideshow.
export default {
  'gallery.title': 'Gallery',
  'gallery.showMore': 'Show More',
  'gallery.slideshow': 'Gallery slideshow',
  'gallery.count': '({index} of {count})',
  'gallery.previous': 'Previous image',
  'gallery.next': 'Next image',
  'gallery.close': 'Close slideshow',
};
