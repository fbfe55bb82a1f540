// Login: success stores the token and reloads the whole app at /; a refusal, whatever the server's reason, shows
// 'Invalid Credentials' and clears the form (in Bengali, too many tries say so). An account with a second factor
// answers with a ticket instead of a token: the page then asks for the second step. Where the browser has passkeys,
// "Sign in with a passkey" signs in without the address or the password. "Forgot password?" is offered only
// when the site can email a link. After a "Sign out everywhere" link from a mail, the page says what happened.
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Field } from '../../components/field.jsx';
import { FormActions, refusalIn } from '../../components/form-actions.jsx';
import { CurrentPasswordField } from '../../components/password-fields.jsx';
import { useApiData, useForm } from '../../lib/api-hooks.js';
import { useT } from '../../lib/i18n.js';
import { Link } from '../../lib/local-links.jsx';
import { passkeysSupported } from '../../lib/passkeys.js';
import { notify } from '../../lib/toast.js';
import { fetchPasswordResetAvailable, login } from './api.js';
import { SecondStep } from './second-step.jsx';
import { notifyPasskeyRefused, signInWithPasskey, useSignedIn } from './signed-in.js';

const EMPTY = { email: '', password: '' };

/** What a refused login says in Bengali: wrong email or password, unless the site itself is what failed. */
const meaning = ({ status }) => ([429, 500, 503, 507].includes(status) ? undefined : 'auth.login.refused');

export function LoginPage() {
  const { data: reset } = useApiData(fetchPasswordResetAvailable);
  const signedIn = useSignedIn();
  const t = useT();
  // The second step the password led to: {ticket, methods}; null while the password is asked.
  const [step, setStep] = useState(null);
  const signedOut = new URLSearchParams(useLocation().search).get('signedOut') === 'everywhere';

  const refuse = (response) => {
    if (response.status === 0) return;
    const refusal = { status: response.status, message: response.data?.message ?? '' };
    notify.error(refusalIn(t.lang, refusal, t('auth.login.refused'), meaning));
    setForm(EMPTY);
  };

  const { form, setForm, field, submit, busy } = useForm(EMPTY, {
    send: login,
    onSuccess: (response) => {
      const second = response.data?.secondFactor;
      if (second?.ticket) {
        setStep({ ticket: second.ticket, methods: second.methods ?? [] });
        return;
      }
      if (!response.data?.token) {
        refuse(response);
        return;
      }
      signedIn(response.data);
    },
    onRefusal: refuse,
  });

  // Back from the second step (by choice, or because its ticket expired): the address stays, the password is typed
  // again, and the focus waits in its box.
  const passwordForm = useRef(null);
  const [returned, setReturned] = useState(false);
  const back = (why) => {
    if (why) notify.error(why);
    setForm({ ...form, password: '' });
    setStep(null);
    setReturned(true);
  };
  useEffect(() => {
    if (returned && !step) passwordForm.current?.querySelector('input[type="password"]')?.focus();
  }, [returned, step]);

  // Every refusal is the one sentence above: no field says which of the two the server found wrong.
  const credential = (name) => ({ ...field(name), error: undefined });

  return (
    <div className="page">
      <h1 className="page-title">{t('auth.login.title')}</h1>
      {step ? (
        <SecondStep ticket={step.ticket} methods={step.methods} onBack={back} />
      ) : (
        <form className="form-card" onSubmit={submit} ref={passwordForm}>
          {signedOut && (
            <p className="form-notice" role="status">
              {t('auth.signedOutEverywhere')}
            </p>
          )}
          <Field label={t('auth.email')} type="email" {...credential('email')} autoComplete="email" />
          <CurrentPasswordField label={t('auth.password')} {...credential('password')} />
          <FormActions submitLabel={t('auth.login.submit')} busy={busy} />
          {passkeysSupported() && <PasskeyButton />}
          {reset?.available && (
            <p className="form-link">
              <Link to="/forgot-password">{t('auth.login.forgot')}</Link>
            </p>
          )}
        </form>
      )}
    </div>
  );
}

/** "Sign in with a passkey": the browser offers the site's passkeys; no address or password is typed. */
function PasskeyButton() {
  const signedIn = useSignedIn();
  const t = useT();
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    const { response, failure } = await signInWithPasskey();
    setBusy(false);
    if (response?.ok && response.data?.token) signedIn(response.data);
    else notifyPasskeyRefused(t, { response, failure });
  };
  return (
    <div className="form-alternative">
      <p>{t('auth.passkey.or')}</p>
      <button type="button" className="button button-outline" onClick={start} disabled={busy}>
        {t('auth.passkey.signIn')}
      </button>
    </div>
  );
}
