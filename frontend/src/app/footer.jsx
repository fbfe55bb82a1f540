// The site footer: address and contact, quick links, the president's message, social links, copyright, credit.
import { Link } from 'react-router-dom';
import { useContent } from '../lib/content.js';
import './footer.css';
import { siteLinks } from './site-links.js';
import { SocialLinks } from './social-links.jsx';

const { home, gallery, team, notice, verify, contact } = siteLinks;
const quickLinks = [home, gallery, team, notice, verify, contact];

export function Footer() {
  const { settings } = useContent();
  const toTop = () => window.scrollTo(0, 0);

  return (
    <footer className="site-footer">
      <div className="footer-grid">
        <section aria-labelledby="footer-reach">
          <h2 id="footer-reach">Reach Us</h2>
          <address>
            <p>{settings.address}</p>
            {settings.contactEmail && (
              <p>
                Contact: <a href={`mailto:${settings.contactEmail}`}>{settings.contactEmail}</a>
              </p>
            )}
          </address>
        </section>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links">Quick Links</h2>
          <ul className="quick-links">
            {quickLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} onClick={toTop}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-president">
          <h2 id="footer-president">From Our President</h2>
          <blockquote className="president-message">
            <p>{settings.presidentMessage}</p>
          </blockquote>
          {settings.presidentName && <p className="president-name">— {settings.presidentName}</p>}
        </section>
        <section aria-labelledby="footer-follow">
          <h2 id="footer-follow">Follow Us</h2>
          <SocialLinks className="social-links-footer" />
        </section>
      </div>
      <div className="footer-bottom">
        <p>© {settings.footerYear || new Date().getFullYear()} Jyoti, JGEC. All rights reserved.</p>
        {settings.makersCredit && <p>{settings.makersCredit}</p>}
      </div>
    </footer>
  );
}
