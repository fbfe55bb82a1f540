// /follow/confirm?token=…: the confirmation mail's link. Opening it confirms the address (the mail went only to that
// address, and following is undone by the link in every notice mail), and the page says whether it worked.
import { useEffect, useState } from 'react';
import { useT } from '../../lib/i18n.js';
import { takeLinkToken } from '../../lib/link-token.js';
import { Link } from '../../lib/local-links.jsx';
import { confirmFollowing } from './api.js';

// Each link's call, made once: a page drawn again (or twice) shows the first answer, not a second call's "used".
const calls = new Map();
const confirmOnce = (token) => {
  if (!calls.has(token)) calls.set(token, confirmFollowing(token));
  return calls.get(token);
};

export function FollowConfirmPage() {
  const t = useT();
  const [token] = useState(takeLinkToken);
  // {done: words} or {refused: words}; neither while the call is under way.
  const [answer, setAnswer] = useState(token ? {} : { refused: t('follow.linkGone') });

  useEffect(() => {
    if (!token) return undefined;
    let live = true;
    confirmOnce(token).then((response) => {
      if (!live) return;
      const english = t.lang === 'en';
      if (response.ok) setAnswer({ done: english && response.data?.msg ? response.data.msg : t('follow.confirmed') });
      else if (response.status === 400) {
        setAnswer({ refused: english && response.data?.message ? response.data.message : t('follow.linkGone') });
      } else setAnswer({ refused: t(response.status === 0 ? 'form.noConnection' : 'form.serverError') });
    });
    return () => {
      live = false;
    };
    // Not on `t`, a new one each render: the page's language does not change while it shows.
  }, [token]);

  return (
    <div className="page">
      <h1 className="page-title">{t('follow.confirmTitle')}</h1>
      <div className="form-card">
        {answer.done && <p role="status">{answer.done}</p>}
        {answer.refused && <p role="alert">{answer.refused}</p>}
        {!answer.done && !answer.refused && <p className="page-loading">{t('follow.confirming')}</p>}
        <p>
          <Link to="/notice">{t('notice.back')}</Link>
        </p>
      </div>
    </div>
  );
}
