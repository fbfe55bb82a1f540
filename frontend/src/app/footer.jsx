// The site footer: address and contact, quick links, the president's message, social links, copyright, credit.
import { Localized } from '../components/localized.jsx';
import { useContent } from '../lib/content.js';
import { useT } from '../lib/i18n.js';
import { Link } from '../lib/local-links.jsx';
import './footer.css';
import { linkLabel, siteLinks } from './site-links.js';
import { SocialLinks } from './social-links.jsx';

const { home, gallery, team, notice, verify, contact } = siteLinks;
const quickLinks = [home, gallery, team, notice, verify, contact];

export function Footer() {
  const { settings } = useContent();
  const t = useT();
  const toTop = () => window.scrollTo(0, 0);

  return (
    <footer className="site-footer">
      <div className="footer-grid">
        <section aria-labelledby="footer-reach">
          <h2 id="footer-reach">{t('footer.reach')}</h2>
          <address>
            <Localized as="p" record={settings} field="address" />
            {settings.contactEmail && (
              <p>
                {t('footer.contact')} <a href={`mailto:${settings.contactEmail}`}>{settings.contactEmail}</a>
              </p>
            )}
          </address>
        </section>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links">{t('footer.quickLinks')}</h2>
          <ul className="quick-links">
            {quickLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} onClick={toTop}>
                  {linkLabel(link, t.lang)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-president">
          <h2 id="footer-president">{t('footer.president')}</h2>
          <blockquote className="president-message">
            <Localized as="p" record={settings} field="presidentMessage" />
          </blockquote>
          {settings.presidentName && (
            <p className="president-name">
              — <Localized record={settings} field="presidentName" />
            </p>
          )}
        </section>
        <section aria-labelledby="footer-follow">
          <h2 id="footer-follow">{t('footer.follow')}</h2>
          <SocialLinks className="social-links-footer" />
        </section>
      </div>
      <div className="footer-bottom">
        <p>{t('footer.rights', { year: Number(settings.footerYear) || new Date().getFullYear() })}</p>
        {settings.makersCredit && <Localized as="p" record={settings} field="makersCredit" />}
      </div>
    </footer>
  );
}
