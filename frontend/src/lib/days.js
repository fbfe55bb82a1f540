// A day as each language writes it, as Intl writes it in the language's locale (day, long month, year) but without
// Intl, whose first use loads the browser's locale data (~16 ms on a fast machine, four times that on a slow phone)
// in the middle of a page's render. A browser test holds each language's days to Intl's. Only the pages that show
// days (notices, the Support page, the certificate check) load it.
import { formatNumber } from './i18n.js';

const DAYS = {
  en: {
    pattern: '{day} {month} {year}',
    months: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October',
      'November', 'December'],
  },
  bn: {
    pattern: '{day} {month}, {year}',
    months: ['জানুয়ারি', 'ফেব্রুয়ারি', 'মার্চ', 'এপ্রিল', 'মে', 'জুন', 'জুলাই', 'আগস্ট', 'সেপ্টেম্বর', 'অক্টোবর', 'নভেম্বর',
      'ডিসেম্বর'],
  },
};

/**
 * A day kept as YYYY-MM-DD as `lang` writes it: "27 November 2026", "২৭ নভেম্বর, ২০২৬". The text itself when it is
 * not a day of the calendar.
 */
export function formatDay(text, lang) {
  const [, year, month, day] = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text) ?? [];
  const date = year && new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (!date || date.getUTCMonth() !== Number(month) - 1 || date.getUTCDate() !== Number(day)) return text;
  const { pattern, months } = DAYS[lang];
  const parts = { day: Number(day), month: months[Number(month) - 1], year: Number(year) };
  return pattern.replace(/\{(\w+)\}/g, (whole, name) =>
    typeof parts[name] === 'number' ? formatNumber(parts[name], lang) : parts[name],
  );
}
