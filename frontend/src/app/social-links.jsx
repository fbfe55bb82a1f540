// Links to the club's LinkedIn, Facebook and Instagram pages, with small hand-drawn icons.
import { useContent } from '../lib/content.js';
import './social-links.css';

const networks = [
  {
    key: 'linkedin',
    name: 'LinkedIn',
    icon: (
      <>
        <rect x="3" y="9" width="4" height="12" />
        <circle cx="5" cy="4.5" r="2.2" />
        <path d="M10 9h3.8v1.7c.6-1.1 2-2 4-2 3.3 0 4.2 2.1 4.2 5.2V21h-4v-6.2c0-1.5-.4-2.6-1.8-2.6-1.5 0-2.2 1.1-2.2 2.6V21h-4z" />
      </>
    ),
  },
  {
    key: 'facebook',
    name: 'Facebook',
    icon: <path d="M14 22v-8h3l.5-3.5H14V8.3c0-1 .3-1.8 1.8-1.8h1.9V3.3c-.3 0-1.5-.2-2.8-.2-2.8 0-4.6 1.7-4.6 4.8v2.6H7.2V14h3.1v8z" />,
  },
  {
    key: 'instagram',
    name: 'Instagram',
    icon: (
      <path
        fillRule="evenodd"
        d="M7.5 2.5h9a5 5 0 0 1 5 5v9a5 5 0 0 1-5 5h-9a5 5 0 0 1-5-5v-9a5 5 0 0 1 5-5zm0 2a3 3 0 0 0-3 3v9a3 3 0 0 0 3 3h9a3 3 0 0 0 3-3v-9a3 3 0 0 0-3-3zM12 7.5a4.5 4.5 0 1 1 0 9 4.5 4.5 0 0 1 0-9zm0 2a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5zM17.3 5.6a1.1 1.1 0 1 1 0 2.2 1.1 1.1 0 0 1 0-2.2z"
      />
    ),
  },
];

export function SocialLinks({ className = '' }) {
  const { settings } = useContent();
  return (
    <ul className={`social-links ${className}`}>
      {networks
        .filter((network) => settings[network.key])
        .map((network) => (
          <li key={network.key}>
            <a href={settings[network.key]} target="_blank" rel="noopener noreferrer">
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                {network.icon}
              </svg>
              <span className="visually-hidden">Jyoti on {network.name} (opens in a new tab)</span>
            </a>
          </li>
        ))}
    </ul>
  );
}
