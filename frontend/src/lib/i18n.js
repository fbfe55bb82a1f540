// The public site in English and Bengali: which language a path is in, its twin in the other, and the words the app
// itself writes, from one message catalog per language (src/i18n/). A page loads only the areas of its own language's
// catalog that it says (the route table's `words`); the admin area stays English.
import { createElement, Fragment } from 'react';
import { useLocation } from 'react-router-dom';
import { hasArea, importArea, LANGUAGES } from '../i18n/languages.js';
import { englishOnlyAreas } from './areas.js';
import { ownDigits } from './digits.js';

export { LANGUAGES };

/** Bengali pages live under this prefix: `/bn`, `/bn/gallery`, `/bn/team2k26`. */
export const BENGALI = '/bn';

/** Where the visitor's chosen language is remembered. */
const CHOSEN = 'lang';

/** The language of a path. */
export const langOf = (pathname) => (pathname === BENGALI || pathname.startsWith(`${BENGALI}/`) ? 'bn' : 'en');

/**
 * Whether a path (with any query or hash) has a twin in the other language: the English-only areas (the admin) do
 * not.
 */
export const hasTwin = (path) =>
  !englishOnlyAreas.some((area) => path.startsWith(area) && /^([/?#]|$)/.test(path.slice(area.length)));

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

// Each language's words as the areas of its catalog arrive (see languages.js), and the areas asked for, each once.
const catalogs = Object.fromEntries(Object.keys(LANGUAGES).map((lang) => [lang, {}]));
const asked = {};
const arrived = new Set();

/**
 * Loads the areas `areas` of `lang`'s catalog (each once; an area the language has none of is nothing to load);
 * resolves when `t` can say their words. A download that fails is tried again by the next page that asks.
 */
export function loadWords(lang, areas) {
  return Promise.all(
    areas
      .filter((area) => hasArea(lang, area))
      .map((area) => {
        const name = `${lang}/${area}`;
        asked[name] ??= importArea(lang, area).then(
          (module) => {
            Object.assign(catalogs[lang], module.default);
            arrived.add(name);
          },
          (error) => {
            delete asked[name];
            throw error;
          },
        );
        return asked[name];
      }),
  );
}

/** Whether `t` can say the words of the areas `areas` of `lang`'s catalog. */
export const wordsLoaded = (lang, areas) =>
  areas.every((area) => !hasArea(lang, area) || arrived.has(`${lang}/${area}`));

const plurals = {};
const numbers = {};

/**
 * A number in `lang`'s digits, without grouping: 12 → "১২" in Bengali. A whole number is written digit by digit, as
 * Intl writes it: Intl's first use loads the browser's number data (~16 ms on a fast machine, four times that on a
 * slow phone) in the middle of the first page's render (the footer's year on every page). Other numbers go to Intl.
 */
export function formatNumber(value, lang) {
  const { locale, digits } = LANGUAGES[lang];
  if (Number.isSafeInteger(value)) return digits ? ownDigits(String(value), digits) : String(value);
  numbers[lang] ??= new Intl.NumberFormat(locale, { useGrouping: false });
  return numbers[lang].format(value);
}

/**
 * The message `key` of `lang`'s catalog with `{name}` filled from `values` (numbers in the language's digits). A
 * message with plural forms ({one, other}) is chosen by `values.count` under CLDR's rules for the language.
 */
export function translate(lang, key, values) {
  let message = catalogs[lang][key];
  if (message === undefined) {
    // Seen by the browser tests' console watch: a missing word (or one whose area the page did not load) fails them.
    console.error(`No "${key}" in the loaded areas of the ${lang} catalog`);
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

/** English words the page shows as they are (a brand, a name) on a page in `lang`: marked lang="en" on a Bengali one. */
export const englishOn = (lang, text) => (lang === 'en' ? text : createElement('span', { lang: 'en' }, text));

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
