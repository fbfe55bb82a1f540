// A text an admin wrote (a notice, a card, a member's role, a setting), in the page's language: its Bengali version
// where one is written, else the English one marked lang="en", so a screen reader reads it as English and the
// browser picks fitting fonts and hyphenation.
import { useLang } from '../lib/i18n.js';

/**
 * `record[field]` in the page's language: a record (or the settings) carries its versions in another language under
 * that language's code, the Bengali as `record.bn[field]`. Answers {text, lang}: `lang` is 'en' where a page in
 * another language falls back to English, else undefined.
 */
export function localizedText(record, field, lang) {
  const english = record?.[field] ?? '';
  if (lang === 'en') return { text: english, lang: undefined };
  const translated = record?.[lang]?.[field];
  if (typeof translated === 'string' && translated.trim()) return { text: translated, lang: undefined };
  return { text: english, lang: english ? 'en' : undefined };
}

/** `localizedText` in the page's language. */
export function useLocalized() {
  const lang = useLang();
  return (record, field) => localizedText(record, field, lang);
}

/**
 * Renders `record[field]` in the page's language as the element `as` (a span by default) with `props`; a fallback
 * to English carries lang="en".
 */
export function Localized({ record, field, as: Tag = 'span', ...props }) {
  const { text, lang } = localizedText(record, field, useLang());
  return (
    <Tag lang={lang} {...props}>
      {text}
    </Tag>
  );
}
