// The site header (banner, social and account links, title, logos) and the sticky navigation bar.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useContent } from '../lib/content.js';
import { firstAdminScreen, isStaff, useSession } from '../lib/session.js';
import './header.css';
import { siteLinks } from './site-links.js';
import { SocialLinks } from './social-links.jsx';

const { home, gallery, team, notice, support, contact, verify } = siteLinks;
const navLinks = [home, gallery, team, notice, support, contact, { ...verify, mobileOnly: true }];

const accountLinks = [
  { to: '/account', label: 'Account' },
  { to: '/logout', label: 'Logout' },
];
const visitorLinks = [
  { to: '/login', label: 'Login' },
  { to: '/signup', label: 'Register' },
];

export function Header() {
  const { settings } = useContent();
  return (
    <>
      <header className="site-header">
        <div className="top-banner">
          <p className="top-banner-text">A Free Night Education Center By Students Of JGEC</p>
          <div className="top-banner-links">
            <SocialLinks />
            <AccountLinks />
          </div>
        </div>
        <div className="brand">
          <Logo photo={settings.clubLogo} drawing="/art/logo-jyoti.svg" alt="Jyoti logo" />
          <Link className="brand-title" to="/">
            JYOTI - A RAY OF HOPE
          </Link>
          <Logo photo={settings.collegeLogo} drawing="/art/logo-jgec.svg" alt="JGEC emblem" />
        </div>
      </header>
      <MainNav />
    </>
  );
}

/** A logo an admin chose (its smallest size that is sharp enough), else our drawing. */
function Logo({ photo, drawing, alt }) {
  return (
    <img
      className="brand-logo"
      src={photo?.src ?? drawing}
      srcSet={photo?.srcset}
      sizes="72px"
      alt={alt}
      width="72"
      height="72"
    />
  );
}

function AccountLinks() {
  const { token } = useSession();
  return (
    <span className="account-links">
      {(token ? accountLinks : visitorLinks).map((link) => (
        <Link key={link.to} className="account-link" to={link.to}>
          {link.label}
        </Link>
      ))}
    </span>
  );
}

function MainNav() {
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

  const links = isStaff(user) ? [...navLinks, { to: firstAdminScreen(user), label: 'Admin' }] : navLinks;
  // A year's team (/team2k25) is part of Team, though its path is not below /team.
  const onRosterPage = (to) => to === '/team' && /^\/team[a-z0-9-]+$/i.test(pathname);
  // Below the site's links, the open menu holds the admin screens on an admin page (the admin area puts them in
  // #main-nav-admin): on a phone one menu button serves both.
  return (
    <div ref={bar} className={open ? 'main-nav main-nav-open' : 'main-nav'}>
      <nav className="main-nav-inner" aria-label="Main">
        <button
          ref={toggle}
          type="button"
          className="menu-toggle"
          aria-expanded={open}
          aria-controls="main-nav-links main-nav-admin"
          onClick={() => setOpen((value) => !value)}
        >
          <span className={open ? 'menu-icon menu-icon-open' : 'menu-icon'} aria-hidden="true" />
          Menu
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
      <div id="main-nav-admin" className="main-nav-admin" />
    </div>
  );
}
