// A link to another site: it opens in a new tab without giving that site a handle on this one, and says so to
// screen readers.

/** `hint` is read out after the link's text, before "(opens in a new tab)", to say more about where it leads. */
export function ExternalLink({ href, className, hint, children }) {
  return (
    <a className={className} href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden">{hint && ` ${hint}`} (opens in a new tab)</span>
    </a>
  );
}
