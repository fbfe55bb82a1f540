// The language switch (English | বাংলা): the same page in the other language, remembered for the next visit. In the
// header's top banner, and in the phone menu. The admin area has no Bengali twin, so it shows none.
import { Link, useLocation } from 'react-router-dom';
import { hasTwin, inLanguage, LANGUAGES, rememberLanguage, useT } from '../lib/i18n.js';

/** How far down the page the reader was when they last switched language (see layout.jsx). */
export const switchedAt = { y: 0 };

export function LanguageSwitch({ className, linkClass = 'language-link', onChoose }) {
  const t = useT();
  const { pathname, search, hash } = useLocation();
  if (!hasTwin(pathname)) return null;
  return (
    <span className={className} role="group" aria-label={t('language.switch')}>
      {Object.entries(LANGUAGES).map(([lang, { name }]) =>
        lang === t.lang ? (
          <span key={lang} className={`${linkClass} language-current`} lang={lang}>
            {name}
          </span>
        ) : (
          <Link
            key={lang}
            className={linkClass}
            to={inLanguage(`${pathname}${search}${hash}`, lang)}
            state={{ keepScroll: true }}
            lang={lang}
            hrefLang={lang}
            onClick={() => {
              // Where the reader is as they choose: the same place on the other page.
              switchedAt.y = window.scrollY;
              rememberLanguage(lang);
              onChoose?.();
            }}
          >
            {name}
          </Link>
        ),
      )}
    </span>
  );
}
