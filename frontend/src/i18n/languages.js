// The site's languages: the locale their numbers and dates are written in (Bengali with Bengali digits), and the
// areas of their catalog (src/i18n/LANG/AREA.js), each loaded when a page says its words (the route table's `words`)
// from a chunk of its own, which the build names LANG-AREA-HASH.js. English has no `pages`: its pages' names are the
// route table's. What the app (lib/i18n.js) and the build read.
export const LANGUAGES = {
  en: {
    name: 'English',
    locale: 'en-IN',
    areas: {
      account: () => import('./en/account.js'),
      auth: () => import('./en/auth.js'),
      common: () => import('./en/common.js'),
      contact: () => import('./en/contact.js'),
      feedback: () => import('./en/feedback.js'),
      form: () => import('./en/form.js'),
      gallery: () => import('./en/gallery.js'),
      home: () => import('./en/home.js'),
      invitation: () => import('./en/invitation.js'),
      notices: () => import('./en/notices.js'),
      shell: () => import('./en/shell.js'),
      support: () => import('./en/support.js'),
      team: () => import('./en/team.js'),
      verify: () => import('./en/verify.js'),
    },
  },
  bn: {
    name: 'বাংলা',
    locale: 'bn-IN',
    areas: {
      account: () => import('./bn/account.js'),
      auth: () => import('./bn/auth.js'),
      common: () => import('./bn/common.js'),
      contact: () => import('./bn/contact.js'),
      feedback: () => import('./bn/feedback.js'),
      form: () => import('./bn/form.js'),
      gallery: () => import('./bn/gallery.js'),
      home: () => import('./bn/home.js'),
      invitation: () => import('./bn/invitation.js'),
      notices: () => import('./bn/notices.js'),
      pages: () => import('./bn/pages.js'),
      shell: () => import('./bn/shell.js'),
      support: () => import('./bn/support.js'),
      team: () => import('./bn/team.js'),
      verify: () => import('./bn/verify.js'),
    },
  },
};
