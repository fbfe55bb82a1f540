// A Copy button for a value shown beside it: says "Copied" for a moment, and tells screen readers what it copied.
import { useState } from 'react';

/** `label` names what is copied ('Account number'): the button is "Copy account number" to screen readers. */
export function CopyButton({ value, label }) {
  const [copied, setCopied] = useState(false);
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
        {copied ? 'Copied' : 'Copy'}
        <span className="visually-hidden"> {label.toLowerCase()}</span>
      </button>
      <span className="visually-hidden" role="status">
        {copied ? `${label} copied` : ''}
      </span>
    </>
  );
}
