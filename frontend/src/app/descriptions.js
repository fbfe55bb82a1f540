// What each page the route table marks `indexed` is about, by its path, for search engines and link previews (the
// server's head tags, from dist/routes.json; the Bengali pages' are the catalog's `page PATH description`). The build
// reads it; the browser never downloads it.
export const descriptions = {
  '/':
    'Jyoti is a free night education center run by students of JGEC for children who need it, supported by alumni since 2010.',
  '/support': 'Help Jyoti keep its free night school running: how to donate.',
  '/gallery': "Photos from Jyoti's classes, events and celebrations.",
  '/notice': 'The latest notices from Jyoti.',
  '/contact': 'Write to Jyoti, or find its address and social links.',
  '/form': 'Tell Jyoti what you think.',
  '/verify': 'Check a certificate issued by Jyoti by its number.',
};
