// The public site in English and Bengali: which language a path is in, its twin in the other, and the words the app
// itself writes, from one message catalog per language (src/i18n/). Each page loads only its own language's
// catalog; the admin area stays English and uses none.
import { createElement, Fragment } from 'react';
import { useLocation } from 'react-router-dom';

/** The languages, with the locale their numbers and dates are written in (Bengali with Bengali digits). */
export const LANGUAGES = {
  en: { name: 'English', locale: 'en-IN' },
  bn: { name: 'বাংলা', locale: 'bn-IN' },
};

/** Bengali pages live under this prefix: `/bn`, `/bn/gallery`, `/bn/team2k26`. */
export const BENGALI = '/bn';

/** Where the visitor's chosen language is remembered. */
const CHOSEN = 'lang';

/** The language of a path. */
export const langOf = (pathname) => (pathname === BENGALI || pathname.startsWith(`${BENGALI}/`) ? 'bn' : 'en');

/** Whether a path has a twin in the other language: the admin area does not (it stays English). */
export const hasTwin = (path) => !(path === '/admin' || path.startsWith('/admin/'));

/** `path` (an English path, with any query or hash) as the page in `lang`: `/gallery` → `/bn/gallery`. */
export function inLanguage(path, lang) {
  if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//')) return path;
  const english = langOf(path) === 'bn' ? path.slice(BENGALI.length) || '/' : path;
  if (lang !== 'bn' || !hasTwin(english)) return english;
  return english === '/' ? BENGALI : english.match(/^\/[?#]/) ? `${BENGALI}${english.slice(1)}` : `${BENGALI}${english}`;
}

/** The language of the page shown. */
export function useLang() {
  return langOf(useLocation().pathname);
}

/** The language the visitor chose with the switch, if they did. */
export function chosenLanguage() {
  try {
    const chosen = localStorage.getItem(CHOSEN);
    return chosen in LANGUAGES ? chosen : null;
  } catch {
    return null;
  }
}

export function rememberLanguage(lang) {
  try {
    localStorage.setItem(CHOSEN, lang);
  } catch {
    // A browser that keeps nothing still switches; it only forgets.
  }
}

/** Whether the browser asks for Bengali before English (its Accept-Language, as navigator.languages). */
export function browserPrefersBengali() {
  const languages = navigator.languages?.length ? navigator.languages : [navigator.language ?? ''];
  const first = languages.find((tag) => /^(bn|en)\b/i.test(tag));
  return Boolean(first && /^bn\b/i.test(first));
}

// The catalogs, each in a chunk of its own, loaded once.
const loaders = { en: () => import('../i18n/en.js'), bn: () => import('../i18n/bn.js') };
const catalogs = {};
const loading = {};

/** Loads the catalog of `lang` (once); resolves when `t` can use it. */
export function loadCatalog(lang) {
  if (catalogs[lang]) return Promise.resolve();
  loading[lang] ??= loaders[lang]().then((module) => {
    catalogs[lang] = module.default;
    // Bengali numbers need the locale data, whose first load takes ~10 ms (four times that on a slow phone): here, in
    // the catalog's own task, it is not added to the first page's render.
    if (lang !== 'en') formatNumber(0, lang);
  });
  return loading[lang];
}

export const catalogLoaded = (lang) => Boolean(catalogs[lang]);

const plurals = {};
const numbers = {};

/**
 * A number in `lang`'s digits: 12 → "১২" in Bengali. A whole number in English is its own digits, as Intl writes it
 * without grouping; it skips Intl, whose first use loads the locale data (~10 ms) in the middle of the first page's
 * render (the footer's year on every page).
 */
export function formatNumber(value, lang) {
  if (lang === 'en' && Number.isSafeInteger(value)) return String(value);
  numbers[lang] ??= new Intl.NumberFormat(LANGUAGES[lang].locale, { useGrouping: false });
  return numbers[lang].format(value);
}

/** Bengali digits, as a Bengali keyboard types them (৫০০), as the ones the server reads (500). */
export const westernDigits = (text) => text.replace(/[০-৯]/g, (digit) => String(digit.charCodeAt(0) - 0x09e6));

/**
 * The message `key` of `lang`'s catalog with `{name}` filled from `values` (numbers in the language's digits). A
 * message with plural forms ({one, other}) is chosen by `values.count` under CLDR's rules for the language.
 */
export function translate(lang, key, values) {
  const catalog = catalogs[lang];
  let message = catalog?.[key];
  if (message === undefined) {
    // Seen by the browser tests' console watch: a missing word fails them.
    console.error(`No "${key}" in the ${lang} catalog${catalog ? '' : ' (not loaded)'}`);
    return key;
  }
  if (typeof message === 'object') {
    plurals[lang] ??= new Intl.PluralRules(LANGUAGES[lang].locale);
    message = message[plurals[lang].select(values?.count ?? 0)] ?? message.other;
  }
  if (!values) return message;
  return message.replace(/\{(\w+)\}/g, (whole, name) => {
    const value = values[name];
    if (value === undefined) return whole;
    return typeof value === 'number' ? formatNumber(value, lang) : String(value);
  });
}

/**
 * The message `key` with each `{name}` filled by `parts[name]`, which may be an element (a name marked lang="en", a
 * link): the words around it stay where the language puts them.
 */
export function translateParts(lang, key, parts) {
  const pieces = translate(lang, key).split(/\{(\w+)\}/);
  return createElement(
    Fragment,
    null,
    ...pieces.map((piece, index) => (index % 2 === 1 ? (parts[piece] ?? `{${piece}}`) : piece)),
  );
}

/**
 * `t(key, values)` in the language of the page shown, `t.parts(key, parts)` for a message holding elements, and
 * `t.lang`, that language.
 */
export function useT() {
  const lang = useLang();
  const t = (key, values) => translate(lang, key, values);
  t.parts = (key, parts) => translateParts(lang, key, parts);
  t.lang = lang;
  return t;
}
