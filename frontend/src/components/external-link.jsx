// A link to another site: a new tab that gets no handle on this one, and screen readers are told so.
import { useT } from '../lib/i18n.js';

/**
 * `hint` (a text or an element) is read out after the link's text, before "(opens in a new tab)", to say more about
 * where it leads.
 */
export function ExternalLink({ href, className, hint, children }) {
  const t = useT();
  return (
    <a className={className} href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden">
        {hint && ' '}
        {hint} {t('common.newTab')}
      </span>
    </a>
  );
}
