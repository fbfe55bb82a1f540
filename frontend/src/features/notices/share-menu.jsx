// The menu Share opens where the browser has no share sheet: the notice in a WhatsApp message, or its link copied.
// Loaded once a page with Share is on screen, with its stylesheet (share-button.jsx).
import { ExternalLink } from '../../components/external-link.jsx';
import { useT } from '../../lib/i18n.js';
import { notify } from '../../lib/toast.js';
import './share-menu.css';

/** The wa.me address that opens WhatsApp with `title` and `url` written as the message, for any chat. */
export const whatsAppMessage = (title, url) => `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`;

export function ShareMenu({ id, title, url }) {
  const t = useT();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notify.success(t('share.copied'));
    } catch {
      notify.error(t('share.copyFailed', { url }));
    }
  };

  return (
    <ul id={id} className="share-menu">
      <li>
        <ExternalLink className="share-choice" href={whatsAppMessage(title, url)}>
          WhatsApp
        </ExternalLink>
      </li>
      <li>
        <button type="button" className="share-choice" onClick={copy}>
          {t('share.copyLink')}
        </button>
      </li>
    </ul>
  );
}
