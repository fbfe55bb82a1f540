// The site header (banner, social and account links, title, logos) and the sticky navigation bar.
/* global DRAWINGS */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useContent } from '../lib/content.js';
import { langOf, useT } from '../lib/i18n.js';
import { Link, NavLink } from '../lib/local-links.jsx';
import { firstAdminScreen, isStaff, useSession } from '../lib/session.js';
import './header.css';
import { LanguageSwitch } from './language-switch.jsx';
import { linkLabel, siteLinks } from './site-links.js';
import { SocialLinks } from './social-links.jsx';

const { home, gallery, team, notice, support, contact, verify } = siteLinks;
const navLinks = [home, gallery, team, notice, support, contact, { ...verify, mobileOnly: true }];

const accountLinks = [
  { to: '/account', label: 'account.account' },
  { to: '/logout', label: 'account.logout' },
];
const visitorLinks = [
  { to: '/login', label: 'account.login' },
  { to: '/signup', label: 'account.register' },
];

/** `className` goes on the header and the navigation bar. */
export function Header({ className }) {
  const { settings } = useContent();
  const t = useT();
  return (
    <>
      <header className={className ? `site-header ${className}` : 'site-header'}>
        <div className="top-banner">
          <p className="top-banner-text">{t('header.tagline')}</p>
          <div className="top-banner-links">
            <SocialLinks />
            <LanguageSwitch className="language-switch" />
            <AccountLinks />
          </div>
        </div>
        <div className="brand">
          <Logo photo={settings.clubLogo} drawing={DRAWINGS.club} alt={t('header.clubLogo')} />
          {/* The brand stays as the spec writes it, in both languages. */}
          <Link className="brand-title" to="/" lang="en">
            {t('header.brand')}
          </Link>
          <Logo photo={settings.collegeLogo} drawing={DRAWINGS.college} alt={t('header.collegeLogo')} />
        </div>
      </header>
      <MainNav className={className} />
    </>
  );
}

/** A logo an admin chose (its smallest size that is sharp enough), else our drawing. */
/** An admin's photo, or our drawing (a data address the build puts in the code: no request before the first paint). */
function Logo({ photo, drawing, alt }) {
  const chosen = photo?.photoId ? photo : null;
  return (
    <img
      className="brand-logo"
      src={chosen?.src ?? drawing}
      srcSet={chosen?.srcset ?? undefined}
      sizes="72px"
      alt={alt}
      width="72"
      height="72"
    />
  );
}

function AccountLinks() {
  const { token } = useSession();
  const t = useT();
  return (
    <span className="account-links">
      {(token ? accountLinks : visitorLinks).map((link) => (
        <Link key={link.to} className="account-link" to={link.to}>
          {t(link.label)}
        </Link>
      ))}
    </span>
  );
}

function MainNav({ className }) {
  const { user } = useSession();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const bar = useRef(null);
  const toggle = useRef(null);

  useEffect(() => setOpen(false), [pathname]);

  // A layout effect: the key is heard from the moment the open menu is on screen, not a frame later. Closing it
  // gives the focus back to the button when it was in the menu.
  useLayoutEffect(() => {
    if (!open) return undefined;
    const closeOnEscape = (event) => {
      if (event.key !== 'Escape') return;
      if (bar.current.contains(document.activeElement)) toggle.current.focus();
      setOpen(false);
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [open]);

  const choose = () => {
    setOpen(false);
    window.scrollTo(0, 0);
  };

  // The admin screens' links come from the admin area (another React tree branch, a portal): their clicks are heard
  // here on the page itself.
  useEffect(() => {
    const admin = document.getElementById('main-nav-admin');
    const chosen = (event) => {
      if (event.target.closest('a')) setOpen(false);
    };
    admin.addEventListener('click', chosen);
    return () => admin.removeEventListener('click', chosen);
  }, []);

  const t = useT();
  const lang = langOf(pathname);
  const labelled = navLinks.map((link) => ({ ...link, label: linkLabel(link, lang) }));
  const links = isStaff(user) ? [...labelled, { to: firstAdminScreen(user), label: t('nav.admin') }] : labelled;
  // A year's team (/team2k25, /bn/team2k25) is part of Team, though its path is not below /team.
  const onRosterPage = (to) => to === '/team' && /^(\/bn)?\/team[a-z0-9-]+$/i.test(pathname);
  // Below the site's links, the open menu holds the admin screens on an admin page (the admin area puts them in
  // #main-nav-admin): on a phone one menu button serves both.
  return (
    <div ref={bar} className={['main-nav', open && 'main-nav-open', className].filter(Boolean).join(' ')}>
      <nav className="main-nav-inner" aria-label={t('nav.main')}>
        <button
          ref={toggle}
          type="button"
          className="menu-toggle"
          aria-expanded={open}
          aria-controls="main-nav-links main-nav-admin"
          onClick={() => setOpen((value) => !value)}
        >
          <span className={open ? 'menu-icon menu-icon-open' : 'menu-icon'} aria-hidden="true" />
          {t('nav.menu')}
        </button>
        <ul id="main-nav-links" className={open ? 'nav-links nav-links-open' : 'nav-links'}>
          {links.map((link) => (
            <li key={link.to} className={link.mobileOnly ? 'mobile-only' : undefined}>
              {onRosterPage(link.to) ? (
                <Link to={link.to} className="nav-link active" aria-current="page" onClick={choose}>
                  {link.label}
                </Link>
              ) : (
                <NavLink to={link.to} end={link.to === '/'} className="nav-link" onClick={choose}>
                  {link.label}
                </NavLink>
              )}
            </li>
          ))}
        </ul>
      </nav>
      {/* The phone menu's language switch, beside the site's links rather than among them. */}
      {open && <LanguageSwitch className="main-nav-language" linkClass="nav-link" onChoose={() => setOpen(false)} />}
      <div id="main-nav-admin" className="main-nav-admin" />
    </div>
  );
}
