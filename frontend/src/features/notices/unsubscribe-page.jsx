// /unsubscribe?token=…: the link in every notice mail. Nothing changes until the reader presses Unsubscribe (a mail
// scanner that opens links unsubscribes no one); mail programs' own button posts to the server's address instead.
import { useState } from 'react';
import { FormActions, useFormInLanguage } from '../../components/form-actions.jsx';
import { useT } from '../../lib/i18n.js';
import { takeLinkToken } from '../../lib/link-token.js';
import { Link } from '../../lib/local-links.jsx';
import { unsubscribe } from './api.js';

export function UnsubscribePage() {
  const t = useT();
  const [token] = useState(takeLinkToken);
  const [done, setDone] = useState('');
  const { submit, busy, why } = useFormInLanguage(
    {},
    {
      send: () => unsubscribe(token),
      onSuccess: (response) =>
        setDone(t.lang === 'en' && response.data?.msg ? response.data.msg : t('unsubscribe.done')),
    },
  );

  return (
    <div className="page">
      <h1 className="page-title">{t('unsubscribe.title')}</h1>
      {done ? (
        <div className="form-card">
          <p role="status">{done}</p>
          <p>
            <Link to="/notice">{t('notice.back')}</Link>
          </p>
        </div>
      ) : (
        <form className="form-card" onSubmit={submit}>
          <p>{t('unsubscribe.question')}</p>
          <FormActions submitLabel={t('unsubscribe.submit')} busy={busy} message={why} />
        </form>
      )}
    </div>
  );
}
