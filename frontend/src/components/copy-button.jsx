// A Copy button for a value shown beside it: says "Copied" for a moment, and tells screen readers what it copied.
import { useState } from 'react';
import { useT } from '../lib/i18n.js';

/** `label` names what is copied ('Account number'): the button is "Copy account number" to screen readers. */
export function CopyButton({ value, label }) {
  const [copied, setCopied] = useState(false);
  const t = useT();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  };
  return (
    <>
      <button type="button" className="button button-small button-outline copy-button" onClick={copy}>
        {copied ? t('common.copied') : t('common.copy')}
        <span className="visually-hidden">
          {t('common.copyWhat', { label: t.lang === 'en' ? label.toLowerCase() : label })}
        </span>
      </button>
      <span className="visually-hidden" role="status">
        {copied ? t('common.copiedWhat', { label }) : ''}
      </span>
    </>
  );
}
