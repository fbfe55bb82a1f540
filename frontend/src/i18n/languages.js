// The site's languages: the locale their numbers and dates are written in (Bengali with Bengali digits), and the
// areas of their catalog (src/i18n/LANG/AREA.js), each loaded when a page says its words (the route table's `words`).
// The build writes every area to one folder named for their contents (assets/words-HASH/LANG-AREA.js), named in
// index.html's `<meta name="jyoti-words">`: the first load names one folder, not a file per area and language.
// English has no `pages`: its pages' names are the route table's. What the app (lib/i18n.js) and the build read.

/** The areas both catalogs have; Bengali has `pages` besides. */
const AREAS = [
  'account',
  'auth',
  'contact',
  'feedback',
  'follow',
  'form',
  'gallery',
  'home',
  'invitation',
  'notices',
  'shell',
  'support',
  'team',
  'verify',
];

export const LANGUAGES = {
  en: {
    name: 'English',
    locale: 'en-IN',
    areas: AREAS,
  },
  bn: {
    name: 'বাংলা',
    locale: 'bn-IN',
    // Intl's digits for the locale (a browser test holds them to Intl): written without Intl, whose first use loads
    // the browser's number data, ~16 ms on a fast machine, in the middle of a page's first render.
    digits: '০১২৩৪৫৬৭৮৯',
    areas: [...AREAS, 'pages'],
  },
};

/** Whether `lang`'s catalog has the area `area` (a page may say an area only one language has, as `pages`). */
export const hasArea = (lang, area) => LANGUAGES[lang].areas.includes(area);

/** Imports the area `area` of `lang`'s catalog from the folder the build named. */
export function importArea(lang, area) {
  const folder = document.querySelector('meta[name="jyoti-words"]').getAttribute('content');
  return import(`${folder}/${lang}-${area}.js`);
}
