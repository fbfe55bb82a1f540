// A first visit whose browser asks for Bengali first (Accept-Language, as navigator.languages) is offered the
// Bengali page, not sent there: one line under the header until the visitor follows it or closes it.
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { browserPrefersBengali, chosenLanguage, hasTwin, inLanguage, rememberLanguage, useT } from '../lib/i18n.js';
import './language-offer.css';

export function LanguageOffer({ className }) {
  const t = useT();
  const { pathname, search, hash } = useLocation();
  const [asked] = useState(() => chosenLanguage() === null && browserPrefersBengali());
  const [closed, setClosed] = useState(false);
  if (!asked || closed || t.lang !== 'en' || chosenLanguage() !== null || !hasTwin(pathname)) return null;
  return (
    <aside className={className ? `language-offer ${className}` : 'language-offer'} aria-label="বাংলা" lang="bn">
      <Link to={inLanguage(`${pathname}${search}${hash}`, 'bn')} hrefLang="bn" onClick={() => rememberLanguage('bn')}>
        {t('language.offer')}
      </Link>
      <button
        type="button"
        className="language-offer-close"
        lang="en"
        onClick={() => {
          rememberLanguage('en');
          setClosed(true);
        }}
      >
        {t('language.offerClose')}
      </button>
    </aside>
  );
}
