// "Get notices by email" under the notice board: a button that opens the form (follow-form.jsx), whose code and
// styles come only after the board is on screen.
import { useEffect, useId, useState } from 'react';
import { loadWords, useT } from '../../lib/i18n.js';
import { onIdle } from '../../lib/idle.js';
import { linkStylesheet } from '../../lib/stylesheets.js';
import { PushOffer } from './push-offer.jsx';

let formCode = null;
const formModule = () =>
  (formCode ??= import('./follow-form.jsx').catch((error) => {
    formCode = null;
    throw error;
  }));

/**
 * The form's code and styles, and its words and those of a form's refusals in `lang` (the board itself needs none of
 * them); a download that failed is tried again by the next call.
 */
const loadForm = (lang) =>
  Promise.all([formModule(), linkStylesheet('follow'), loadWords(lang, ['follow', 'form'])]).then(
    ([module]) => module.FollowForm,
  );

export function FollowOffer() {
  const t = useT();
  const formId = useId();
  const [open, setOpen] = useState(false);
  const [Form, setForm] = useState(null);

  // Fetched while the visitor reads; a failure here is tried again on the button's press.
  useEffect(
    () => onIdle(() => loadForm(t.lang).catch(() => {}), { timeout: 3000, otherwiseAfter: 1000 }),
    [t.lang],
  );

  const press = () => {
    setOpen(!open);
    // Offline, the form cannot come: the button stays shut, and a later press tries again.
    if (!Form) loadForm(t.lang).then((FollowForm) => setForm(() => FollowForm), () => setOpen(false));
  };

  return (
    <section className="follow-offer" aria-label={t('follow.open')}>
      <button
        type="button"
        className="button button-outline"
        aria-expanded={open}
        aria-controls={open ? formId : undefined}
        onClick={press}
      >
        {t('follow.open')}
      </button>
      {open && Form && <Form id={formId} />}
      <PushOffer />
    </section>
  );
}
