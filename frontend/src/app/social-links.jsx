// Links to the club's LinkedIn, Facebook and Instagram pages, with small hand-drawn icons (icons/*.svg,
// drawn in the text's colour by the stylesheet, so they cost the first page's script nothing). The networks' names
// are brands, the same in every language, and read as English.
import { useContent } from '../lib/content.js';
import { englishOn, useT } from '../lib/i18n.js';
import './social-links.css';

const networks = [
  { key: 'linkedin', name: 'LinkedIn' },
  { key: 'facebook', name: 'Facebook' },
  { key: 'instagram', name: 'Instagram' },
];

export function SocialLinks({ className = '' }) {
  const { settings } = useContent();
  const t = useT();
  return (
    <ul className={`social-links ${className}`}>
      {networks
        .filter((network) => settings[network.key])
        .map((network) => (
          <li key={network.key}>
            <a href={settings[network.key]} target="_blank" rel="noopener noreferrer">
              <span className={`social-icon social-icon-${network.key}`} aria-hidden="true" />
              <span className="visually-hidden">
                {t.parts('social.link', { network: englishOn(t.lang, network.name) })}
              </span>
            </a>
          </li>
        ))}
    </ul>
  );
}
