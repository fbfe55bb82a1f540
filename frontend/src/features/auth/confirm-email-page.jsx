// /confirm-email#token=…: the page the mail to a staff account's new address links to (see link-token.js for where
// its secret travels). Nothing changes until its owner presses the button: a mail scanner that opens every link
// confirms nothing. Then the account signs in with the new address.
import { useState } from 'react';
import { FormActions, notifyRefusalIn, refusalIn } from '../../components/form-actions.jsx';
import { notifyDone, useForm } from '../../lib/api-hooks.js';
import { useT } from '../../lib/i18n.js';
import { takeLinkToken } from '../../lib/link-token.js';
import { useNavigate } from '../../lib/local-links.jsx';
import { confirmEmail } from './api.js';

/** A refusal naming no field: the link no longer works, whatever the reason; said in the page's language. */
const meaning = ({ status, errors }) =>
  status === 400 && !Object.keys(errors ?? {}).length ? 'auth.confirmEmail.linkGone' : undefined;

export function ConfirmEmailPage() {
  const [token] = useState(takeLinkToken);
  const navigate = useNavigate();
  const t = useT();
  const { submit, busy, message, status, errors } = useForm(
    {},
    {
      send: () => confirmEmail(token),
      onRefusal: (response) => notifyRefusalIn(t.lang, response, meaning),
      onSuccess: (response) => {
        notifyDone(response, t('auth.confirmEmail.title'));
        navigate('/login');
      },
    },
  );

  return (
    <div className="page">
      <h1 className="page-title">{t('auth.confirmEmail.title')}</h1>
      <form className="form-card" onSubmit={submit}>
        <p>{t('auth.confirmEmail.help')}</p>
        <FormActions
          submitLabel={t('auth.confirmEmail.submit')}
          busy={busy}
          message={message && refusalIn(t.lang, { status, message, errors }, message, meaning)}
        />
      </form>
    </div>
  );
}
