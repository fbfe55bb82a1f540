// Share for a notice (on the board, on its own page, on its admin screen): the phone's share sheet where the browser
// has one, else a small menu with WhatsApp and Copy link. The menu's code (share-menu.jsx) and its styles come after
// the page is on screen, so the first load of a page carries only this button.
import { useEffect, useId, useState } from 'react';
import { inLanguage, useT } from '../../lib/i18n.js';
import { onIdle } from '../../lib/idle.js';
import { linkStylesheet } from '../../lib/stylesheets.js';

let menuCode = null;
/** The menu's component, with its stylesheet; a download that failed is tried again by the next call. */
const loadMenu = () =>
  (menuCode ??= Promise.all([import('./share-menu.jsx'), linkStylesheet('share')]).then(
    ([module]) => module.ShareMenu,
    (error) => {
      menuCode = null;
      throw error;
    },
  ));

/** The address of the notice `id`'s page in `lang`, as a visitor opens it: what is shared. */
export const noticeAddress = (id, lang) => `${window.location.origin}${inLanguage(`/notice/${id}`, lang)}`;

/**
 * `title` is the notice's title as the page shows it, `url` its page's address (noticeAddress). `titleId` names the
 * element that shows the title, which completes the button's name ("Share Exam results") where a page has several.
 */
export function ShareButton({ title, titleId, url }) {
  const t = useT();
  const menuId = useId();
  const ownId = useId();
  const canShare = typeof navigator.share === 'function';
  const [open, setOpen] = useState(false);
  const [Menu, setMenu] = useState(null);

  // Fetched while the visitor reads, so a press opens the menu at once.
  useEffect(() => {
    if (canShare) return undefined;
    // A failure here is tried again on the button's press.
    return onIdle(() => loadMenu().catch(() => {}), { timeout: 3000, otherwiseAfter: 1000 });
  }, [canShare]);

  const press = () => {
    if (canShare) {
      // A visitor who closes the share sheet rejects the promise: nothing to say, nothing lost.
      navigator.share({ title, url }).catch(() => {});
      return;
    }
    setOpen(!open);
    // Offline, the menu cannot come: the button stays shut, and a later press tries again.
    if (!Menu) loadMenu().then((ShareMenu) => setMenu(() => ShareMenu), () => setOpen(false));
  };

  return (
    <div className="share">
      <button
        type="button"
        className="button button-outline"
        aria-expanded={canShare ? undefined : open}
        aria-controls={canShare || !open ? undefined : menuId}
        onClick={press}
        id={ownId}
        aria-labelledby={titleId ? `${ownId} ${titleId}` : undefined}
      >
        {t('share.button')}
      </button>
      {open && Menu && <Menu id={menuId} title={title} url={url} />}
    </div>
  );
}
